#include "bridge/HostSocket.h"

#include <QProcess>

#include <algorithm>
#include <stdexcept>

#include <windows.h>

namespace clw::ui {

struct HostSocket::Ends {
    HANDLE toHost = nullptr;   // this process writes requests
    HANDLE fromHost = nullptr; // this process reads replies
    HANDLE hostIn = nullptr;   // the host's standard input
    HANDLE hostOut = nullptr;  // the host's standard output
};

HostSocket::HostSocket(bool)
    : m_ends(std::make_unique<Ends>()) {
    SECURITY_ATTRIBUTES inherited{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    if (!CreatePipe(&m_ends->hostIn, &m_ends->toHost, &inherited, 0) ||
        !CreatePipe(&m_ends->fromHost, &m_ends->hostOut, &inherited, 0))
        throw std::runtime_error("the workbench could not make the channel to a device host "
                                 "(CreatePipe failed)");
    // Only the host's ends are handed down.
    SetHandleInformation(m_ends->toHost, HANDLE_FLAG_INHERIT, 0);
    SetHandleInformation(m_ends->fromHost, HANDLE_FLAG_INHERIT, 0);
}

HostSocket::~HostSocket() {
    releaseHostEnd();
    for (HANDLE handle : {m_ends->toHost, m_ends->fromHost})
        if (handle)
            CloseHandle(handle);
}

void HostSocket::attach(QProcess& process, int) {
    process.setStandardInputFile(QProcess::nullDevice());
    process.setStandardOutputFile(QProcess::nullDevice());
    process.setCreateProcessArgumentsModifier(
        [in = m_ends->hostIn, out = m_ends->hostOut](QProcess::CreateProcessArguments* args) {
            args->startupInfo->dwFlags |= STARTF_USESTDHANDLES;
            args->startupInfo->hStdInput = in;
            args->startupInfo->hStdOutput = out;
            args->inheritHandles = TRUE;
        });
}

void HostSocket::releaseHostEnd() {
    for (HANDLE* handle : {&m_ends->hostIn, &m_ends->hostOut}) {
        if (*handle) {
            CloseHandle(*handle);
            *handle = nullptr;
        }
    }
}

const engine::HostDoorbell* HostSocket::doorbell() const {
    return nullptr; // callers do not poll a pipe (canWaitForBytes): nothing to ring for
}

bool HostSocket::write(std::span<const unsigned char> bytes) {
    while (!bytes.empty()) {
        DWORD written = 0;
        const DWORD chunk = DWORD(std::min<std::size_t>(bytes.size(), 1u << 30));
        if (!m_ends->toHost || !WriteFile(m_ends->toHost, bytes.data(), chunk, &written, nullptr))
            return false;
        bytes = bytes.subspan(written);
    }
    return true;
}

std::size_t HostSocket::read(std::span<unsigned char> into) {
    DWORD got = 0;
    const DWORD chunk = DWORD(std::min<std::size_t>(into.size(), 1u << 30));
    if (!ReadFile(m_ends->fromHost, into.data(), chunk, &got, nullptr))
        return 0; // ERROR_BROKEN_PIPE: the host's end is gone
    return got;
}

bool HostSocket::canWaitForBytes() {
    return false;
}

void HostSocket::waitForBytes() {}

std::optional<std::size_t> HostSocket::readArrived(std::span<unsigned char> into) {
    DWORD available = 0;
    if (!PeekNamedPipe(m_ends->fromHost, nullptr, 0, nullptr, &available, nullptr))
        return 0; // the host's end is gone
    if (available == 0)
        return std::nullopt;
    DWORD got = 0;
    const DWORD chunk = DWORD(std::min<std::size_t>(into.size(), available));
    if (!ReadFile(m_ends->fromHost, into.data(), chunk, &got, nullptr))
        return 0;
    return got;
}

void HostSocket::closeWrite() {
    if (m_ends->toHost) {
        CloseHandle(m_ends->toHost);
        m_ends->toHost = nullptr;
    }
}

void HostSocket::shutDown() {
    closeWrite();
    // A read blocked on the pipe ends when the host's end closes; ending the host, which the
    // connection does first, closes it.
}

} // namespace clw::ui
