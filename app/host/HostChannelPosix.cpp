#include "HostChannel.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include <fcntl.h>
#include <unistd.h>

namespace clw::host {

namespace {
[[noreturn]] void fail(const char* what) {
    throw std::runtime_error(std::string("the device host could not ") + what + ": " +
                             std::strerror(errno));
}
} // namespace

HostChannel HostChannel::takeStandardStreams(int& printfReadEnd) {
    const int out = ::dup(STDOUT_FILENO);
    if (out < 0)
        fail("keep its standard output for the channel");
    ::fcntl(out, F_SETFD, FD_CLOEXEC);
    int pipeEnds[2];
    if (::pipe(pipeEnds) != 0)
        fail("make the pipe that captures printf");
    if (::dup2(pipeEnds[1], STDOUT_FILENO) < 0)
        fail("point its standard output at the printf pipe");
    ::close(pipeEnds[1]);
    ::fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC);
    printfReadEnd = pipeEnds[0];
    return HostChannel(STDIN_FILENO, out);
}

std::size_t HostChannel::read(std::span<unsigned char> into) {
    return readPipe(m_in, into);
}

void HostChannel::write(std::span<const unsigned char> bytes) {
    while (!bytes.empty()) {
        const ssize_t written = ::write(m_out, bytes.data(), bytes.size());
        if (written < 0) {
            if (errno == EINTR)
                continue;
            fail("write to the workbench");
        }
        bytes = bytes.subspan(std::size_t(written));
    }
}

std::size_t HostChannel::readPipe(int fd, std::span<unsigned char> into) {
    for (;;) {
        const ssize_t got = ::read(fd, into.data(), into.size());
        if (got >= 0)
            return std::size_t(got);
        if (errno != EINTR)
            fail("read its channel");
    }
}

void HostChannel::writeStandardOutput(std::span<const unsigned char> bytes) {
    while (!bytes.empty()) {
        const ssize_t written = ::write(STDOUT_FILENO, bytes.data(), bytes.size());
        if (written < 0) {
            if (errno == EINTR)
                continue;
            fail("mark the printf output");
        }
        bytes = bytes.subspan(std::size_t(written));
    }
}

} // namespace clw::host
