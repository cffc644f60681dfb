#include "RawSocketPeer.h"

#include "Stopwatch.h"

#include <algorithm>
#include <cmath>
#include <vector>

#ifndef _WIN32
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace clw::bench {

double rawSocketRoundTripUs(int trips) {
#ifdef _WIN32
    (void)trips;
    return NAN;
#else
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0)
        return NAN;
    const pid_t child = ::fork();
    if (child < 0)
        return NAN;
    if (child == 0) {
        // Only read and write between fork and _exit: this process has other threads.
        ::close(pair[0]);
        char byte;
        while (::read(pair[1], &byte, 1) == 1)
            if (::write(pair[1], &byte, 1) != 1)
                break;
        ::_exit(0);
    }
    ::close(pair[1]);
    std::vector<double> times;
    char byte = 'x';
    for (int i = 0; i < trips; ++i) {
        Stopwatch clock;
        if (::write(pair[0], &byte, 1) != 1 || ::read(pair[0], &byte, 1) != 1)
            break;
        times.push_back(clock.seconds() * 1e6);
    }
    ::close(pair[0]);
    ::waitpid(child, nullptr, 0);
    if (times.empty())
        return NAN;
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
#endif
}

} // namespace clw::bench
