// glibc functions that need _GNU_SOURCE, which Swift's Glibc module does not expose.
#ifndef C_PROCESS_SPAWN_H
#define C_PROCESS_SPAWN_H
#include <spawn.h>
#include <sys/types.h>

/// pipe2(fds, O_CLOEXEC): both ends close on exec, atomically.
int parlance_pipe_cloexec(int fds[2]);
/// Closes every descriptor from `lowest` up in the child (glibc 2.34+); 0 on success.
int parlance_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int lowest);
/// Changes the child's working directory before exec (glibc 2.29+); 0 on success.
int parlance_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path);
/// 1 when the child has exited (left unreaped, so its pid stays reserved), 0 while it runs, -1 on error.
int parlance_child_has_exited(int pid);

/// A descriptor (close-on-exec) for the user namespace that owns the namespace open at `namespace_fd`;
/// -1 with errno set on failure.
int parlance_owning_user_namespace(int namespace_fd);
/// Starts `path` (vfork and exec) in a child of its own process group that is killed (SIGKILL) when the
/// calling thread ends, with `in`, `out`, `err` as its stdin, stdout, stderr, no other descriptors, default signals,
/// in `directory` (unless NULL). Returns 0 and sets `child`, or the errno that prevented the start.
int parlance_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                   int in, int out, int err, pid_t *child);
/// As `parlance_spawn`, but the child stays in the caller's process group and outlives the caller (an app
/// opened to continue a request, a program run to completion); signals still start at their defaults.
int parlance_spawn_untied(const char *path, char *const argv[], char *const envp[], const char *directory,
                          int in, int out, int err, pid_t *child);
/// As `parlance_spawn_untied`, but in a session of its own (a service kept warm for later commands): a
/// terminal's Ctrl-C or hang-up, meant for the command that started it, does not reach it.
int parlance_spawn_detached(const char *path, char *const argv[], char *const envp[], const char *directory,
                            int in, int out, int err, pid_t *child);
/// As `parlance_spawn` (`tied` 1) or `parlance_spawn_untied` (0), and more for a sandbox: `extra` (up to 16
/// descriptors) become the child's descriptors 3, 4, … in order, and when `cgroup_procs` is not NULL the
/// child first writes its pid into that `cgroup.procs` file (so the cgroup's limits hold from its first
/// instruction on; a failure to join is a failure to start).
int parlance_spawn_sandboxed(const char *path, char *const argv[], char *const envp[], const char *directory,
                             int in, int out, int err, int tied, const int *extra, int extra_count,
                             const char *cgroup_procs, pid_t *child);
#endif
