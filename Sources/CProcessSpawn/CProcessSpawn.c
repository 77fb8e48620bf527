#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>
#include <spawn.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <linux/nsfs.h>
#include "CProcessSpawn.h"

int parlance_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int parlance_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int parlance_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int parlance_owning_user_namespace(int namespace_fd) {
    return ioctl(namespace_fd, NS_GET_USERNS);
}

int parlance_child_has_exited(int pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return -1;
    return info.si_pid == pid ? 1 : 0;
}

#include <errno.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <pthread.h>

/* Writes the calling process's pid into a cgroup's `cgroup.procs` (only system calls: safe after vfork). */
static int parlance_join_cgroup(const char *procs) {
    int fd = open(procs, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char digits[24];
    int length = 0;
    unsigned long value = (unsigned long)syscall(SYS_getpid);
    do { digits[sizeof digits - 1 - length++] = (char)('0' + value % 10); value /= 10; } while (value != 0);
    ssize_t written = write(fd, digits + sizeof digits - length, (size_t)length);
    close(fd);
    return written == length ? 0 : -1;
}

/* In the child, between vfork and exec: only system calls that touch the child's own state (its
   descriptor table, signal handlers, working directory and process group are its own; the memory is
   the parent's, which is suspended until exec). A failure is left in `*failure` for the parent. */
static void parlance_child(const char *path, char *const argv[], char *const envp[], const char *directory,
                           int in, int out, int err, int tied, const int *extra, int extra_count,
                           const char *cgroup_procs, pid_t parent, volatile int *failure) {
    if (tied == 2) {
        if (setsid() < 0) goto fail;
    } else if (tied) {
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) goto fail;
        if (getppid() != parent) { *failure = ESRCH; _exit(127); }   /* the parent died already */
        if (setpgid(0, 0) != 0) goto fail;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    for (int signal_number = 1; signal_number < NSIG; signal_number++) {
        if (signal_number != SIGKILL && signal_number != SIGSTOP) sigaction(signal_number, &action, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (cgroup_procs != NULL && parlance_join_cgroup(cgroup_procs) != 0) goto fail;
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) goto fail;
    /* The extra descriptors become 3, 4, …: first moved above every one of them, so none is overwritten
       before it is moved (dup2 also clears close-on-exec on the copy). */
    int lowest = 3 + extra_count;
    for (int index = 0; index < extra_count; index++) {
        if (extra[index] >= lowest) lowest = extra[index] + 1;
    }
    for (int index = 0; index < extra_count; index++) {
        int moved = fcntl(extra[index], F_DUPFD_CLOEXEC, lowest);
        if (moved < 0 || dup2(moved, 3 + index) < 0) goto fail;
    }
    unsigned int first_closed = 3U + (unsigned int)extra_count;
    if (syscall(SYS_close_range, first_closed, ~0U, 0) != 0) {
        for (int fd = (int)first_closed; fd < 65536; fd++) close(fd);
    }
    if (directory != NULL && chdir(directory) != 0) goto fail;
    execve(path, argv, envp);
fail:
    *failure = errno;
    _exit(127);
}

static int parlance_spawn_child(const char *path, char *const argv[], char *const envp[], const char *directory,
                                int in, int out, int err, int tied, const int *extra, int extra_count,
                                const char *cgroup_procs, pid_t *child) {
    /* No signal handler of the parent may run in the child while memory is shared. */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    volatile int failure = 0;
    pid_t parent = getpid();
    pid_t pid = vfork();
    if (pid == 0) parlance_child(path, argv, envp, directory, in, out, err, tied, extra, extra_count, cgroup_procs,
                                 parent, &failure);
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (pid < 0) return saved;
    if (failure != 0) {
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        return failure;
    }
    *child = pid;
    return 0;
}

int parlance_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                   int in, int out, int err, pid_t *child) {
    return parlance_spawn_child(path, argv, envp, directory, in, out, err, 1, NULL, 0, NULL, child);
}

int parlance_spawn_untied(const char *path, char *const argv[], char *const envp[], const char *directory,
                          int in, int out, int err, pid_t *child) {
    return parlance_spawn_child(path, argv, envp, directory, in, out, err, 0, NULL, 0, NULL, child);
}

int parlance_spawn_detached(const char *path, char *const argv[], char *const envp[], const char *directory,
                            int in, int out, int err, pid_t *child) {
    return parlance_spawn_child(path, argv, envp, directory, in, out, err, 2, NULL, 0, NULL, child);
}

int parlance_spawn_sandboxed(const char *path, char *const argv[], char *const envp[], const char *directory,
                             int in, int out, int err, int tied, const int *extra, int extra_count,
                             const char *cgroup_procs, pid_t *child) {
    if (extra_count < 0 || extra_count > 16) return EINVAL;
    return parlance_spawn_child(path, argv, envp, directory, in, out, err, tied, extra, extra_count, cgroup_procs, child);
}
