#include "HostChannel.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

#include <fcntl.h>
#include <io.h>
#include <windows.h>

namespace clw::host {

namespace {
constexpr int kStdin = 0;
constexpr int kStdout = 1;

[[noreturn]] void fail(const char* what) {
    throw std::runtime_error(std::string("the device host could not ") + what + ": " +
                             std::strerror(errno));
}
} // namespace

HostChannel HostChannel::takeStandardStreams(int& printfReadEnd) {
    _setmode(kStdin, _O_BINARY);
    _setmode(kStdout, _O_BINARY);
    const int out = _dup(kStdout);
    if (out < 0)
        fail("keep its standard output for the channel");
    int pipeEnds[2];
    if (_pipe(pipeEnds, 1 << 16, _O_BINARY | _O_NOINHERIT) != 0)
        fail("make the pipe that captures printf");
    if (_dup2(pipeEnds[1], kStdout) < 0)
        fail("point its standard output at the printf pipe");
    _close(pipeEnds[1]);
    printfReadEnd = pipeEnds[0];
    return HostChannel(kStdin, out);
}

void HostChannel::useDoorbell(int) {
    // The workbench gives none here (HostSocket::doorbell): its callers do not poll the pipes.
    throw std::runtime_error("the workbench shares no memory on Windows: --doorbell-fd is for "
                             "the workbench on other systems");
}

std::size_t HostChannel::read(std::span<unsigned char> into) {
    return readPipe(m_in, into);
}

bool HostChannel::waitForBytes(std::chrono::steady_clock::time_point until,
                               const std::atomic<bool>* stop) {
    do {
        if (hasBytes())
            return true;
    } while (std::chrono::steady_clock::now() < until &&
             !(stop && stop->load(std::memory_order_relaxed)));
    return false;
}

bool HostChannel::sleepUntilBytesOrRearm() {
    return true; // the read sleeps: an anonymous pipe cannot be waited on with another handle
}

void HostChannel::rearm() {}

bool HostChannel::hasBytes() const {
    DWORD held = 0;
    // A pipe that broke has its end to read.
    return !PeekNamedPipe(reinterpret_cast<HANDLE>(_get_osfhandle(m_in)), nullptr, 0, nullptr,
                          &held, nullptr) ||
           held > 0;
}

void HostChannel::write(std::span<const unsigned char> head, std::span<const unsigned char> bulk) {
    for (std::span<const unsigned char> bytes : {head, bulk}) {
        while (!bytes.empty()) {
            const int written = _write(m_out, bytes.data(),
                                       unsigned(std::min<std::size_t>(bytes.size(), 1u << 30)));
            if (written < 0)
                fail("write to the workbench");
            bytes = bytes.subspan(std::size_t(written));
        }
    }
}

std::size_t HostChannel::readPipe(int fd, std::span<unsigned char> into) {
    const int got = _read(fd, into.data(), unsigned(std::min<std::size_t>(into.size(), 1u << 30)));
    if (got < 0)
        fail("read its channel");
    return std::size_t(got);
}

void HostChannel::waitReadable(int fd) {
    // A read of no bytes from an anonymous pipe returns once bytes are there or the pipe broke.
    DWORD none = 0;
    char byte;
    ReadFile(reinterpret_cast<HANDLE>(_get_osfhandle(fd)), &byte, 0, &none, nullptr);
}

std::size_t HostChannel::readAvailable(int fd, std::span<unsigned char> into) {
    DWORD held = 0;
    if (!PeekNamedPipe(reinterpret_cast<HANDLE>(_get_osfhandle(fd)), nullptr, 0, nullptr, &held,
                       nullptr))
        throw std::runtime_error("the printf pipe closed");
    if (held == 0)
        return 0;
    return readPipe(fd, into.first(std::min<std::size_t>(into.size(), held)));
}

} // namespace clw::host
