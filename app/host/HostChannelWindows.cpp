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

// A binary copy of `fd` that no program the host starts inherits (a driver's compiler, say): the
// workbench reads the end of the channel when the host ends, not when the last of those does.
int keptCopy(int fd) {
    const int copy = _dup(fd);
    if (copy < 0)
        return copy;
    _setmode(copy, _O_BINARY);
    SetHandleInformation(reinterpret_cast<HANDLE>(_get_osfhandle(copy)), HANDLE_FLAG_INHERIT, 0);
    return copy;
}

} // namespace

HostChannel HostChannel::takeStandardStreams(int& printfReadEnd) {
    const int in = keptCopy(kStdin);
    const int out = keptCopy(kStdout);
    if (in < 0 || out < 0)
        fail("keep its standard input and output for the channel");
    const int nothing = _open("NUL", _O_RDONLY | _O_BINARY);
    if (nothing < 0 || _dup2(nothing, kStdin) < 0)
        fail("point its standard input at NUL");
    _close(nothing);
    int pipeEnds[2];
    if (_pipe(pipeEnds, 1 << 16, _O_BINARY | _O_NOINHERIT) != 0)
        fail("make the pipe that captures printf");
    if (_dup2(pipeEnds[1], kStdout) < 0)
        fail("point its standard output at the printf pipe");
    _close(pipeEnds[1]);
    printfReadEnd = pipeEnds[0];
    return HostChannel(in, out);
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
    // It peeks, and sleeps while nothing comes (1 ms, doubling to 16 ms): Windows runs one I/O
    // call at a time on a synchronous handle, so a read waiting here for bytes would hold up the
    // PeekNamedPipe of take()'s drain (PrintfCapture), on the session's thread, until the next
    // printf. A pipe that fills meanwhile waits at most 16 ms for this reader.
    const HANDLE pipe = reinterpret_cast<HANDLE>(_get_osfhandle(fd));
    for (DWORD pause = 1;; pause = std::min<DWORD>(2 * pause, 16)) {
        DWORD held = 0;
        if (!PeekNamedPipe(pipe, nullptr, 0, nullptr, &held, nullptr) || held > 0)
            return; // bytes, or the pipe's end, for readAvailable
        Sleep(pause);
    }
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
