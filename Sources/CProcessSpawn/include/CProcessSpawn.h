// glibc functions that need _GNU_SOURCE, which Swift's Glibc module does not expose.
#ifndef C_PROCESS_SPAWN_H
#define C_PROCESS_SPAWN_H
#include <spawn.h>

/// pipe2(fds, O_CLOEXEC): both ends close on exec, atomically.
int parlance_pipe_cloexec(int fds[2]);
/// Closes every descriptor from `lowest` up in the child (glibc 2.34+); 0 on success.
int parlance_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int lowest);
/// Changes the child's working directory before exec (glibc 2.29+); 0 on success.
int parlance_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path);
/// 1 when the child has exited (left unreaped, so its pid stays reserved), 0 while it runs, -1 on error.
int parlance_child_has_exited(int pid);
#endif
