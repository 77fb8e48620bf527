#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
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

int parlance_child_has_exited(int pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return -1;
    return info.si_pid == pid ? 1 : 0;
}
