#include "bridge/HostSocket.h"

#include <QProcess>

#include <algorithm>
#include <mutex>
#include <stdexcept>
#include <vector>

#include <windows.h>

namespace clw::ui {

struct HostSocket::Ends {
    HANDLE toHost = nullptr;   // this process writes requests
    HANDLE fromHost = nullptr; // this process reads replies
    HANDLE hostIn = nullptr;   // the host's standard input
    HANDLE hostOut = nullptr;  // the host's standard output

    // The host's start (attach): the handles it inherits are listed, so that it inherits no other
    // host's ends, which a host started at the same moment on another thread holds inheritable.
    STARTUPINFOEXW startup{};
    std::vector<char> attributes;
    HANDLE inherited[3]{};

    // Writes and closeWrite take turns: the handle's value could be reused once it is closed.
    std::mutex writeMutex;
    int writers = 0;
    bool writeClosed = false;

    // The thread blocked in read(), for shutDown() to cancel its ReadFile: what POSIX's
    // shutdown() of the socket does.
    std::mutex readMutex;
    HANDLE reader = nullptr;
    bool shut = false;

    void closeToHost() {
        CloseHandle(toHost);
        toHost = nullptr;
    }
};

namespace {

// A pipe whose ends no child inherits: attach() lets the host inherit its two, and no other.
void makePipe(HANDLE& read, HANDLE& write) {
    constexpr DWORD kBufferBytes = 1 << 20; // a large reply in fewer round trips
    if (!CreatePipe(&read, &write, nullptr, kBufferBytes))
        throw std::runtime_error("the workbench could not make the channel to a device host "
                                 "(CreatePipe failed)");
}

} // namespace

HostSocket::HostSocket(bool)
    : m_ends(std::make_unique<Ends>()) {
    makePipe(m_ends->hostIn, m_ends->toHost);
    try {
        makePipe(m_ends->fromHost, m_ends->hostOut);
    } catch (...) {
        CloseHandle(m_ends->hostIn);
        CloseHandle(m_ends->toHost);
        throw;
    }
}

HostSocket::~HostSocket() {
    releaseHostEnd();
    for (HANDLE handle : {m_ends->toHost, m_ends->fromHost})
        if (handle)
            CloseHandle(handle);
}

void HostSocket::attach(QProcess& process, int niceness) {
    process.setStandardInputFile(QProcess::nullDevice());
    process.setStandardOutputFile(QProcess::nullDevice());
    // Runs just before CreateProcess, on the thread that starts the host; QProcess has set the
    // standard error's pipe by then.
    process.setCreateProcessArgumentsModifier([ends = m_ends.get(),
                                               niceness](QProcess::CreateProcessArguments* args) {
        STARTUPINFOW& startup = ends->startup.StartupInfo;
        startup = *args->startupInfo;
        startup.cb = sizeof(STARTUPINFOEXW);
        startup.dwFlags |= STARTF_USESTDHANDLES;
        startup.hStdInput = ends->hostIn;
        startup.hStdOutput = ends->hostOut;
        DWORD count = 0;
        for (HANDLE handle : {ends->hostIn, ends->hostOut, startup.hStdError}) {
            if (!handle || handle == INVALID_HANDLE_VALUE)
                continue;
            SetHandleInformation(handle, HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
            ends->inherited[count++] = handle;
        }
        SIZE_T size = 0;
        InitializeProcThreadAttributeList(nullptr, 1, 0, &size);
        ends->attributes.resize(size);
        auto* list = reinterpret_cast<LPPROC_THREAD_ATTRIBUTE_LIST>(ends->attributes.data());
        if (InitializeProcThreadAttributeList(list, 1, 0, &size) &&
            UpdateProcThreadAttribute(list, 0, PROC_THREAD_ATTRIBUTE_HANDLE_LIST, ends->inherited,
                                      count * sizeof(HANDLE), nullptr, nullptr)) {
            ends->startup.lpAttributeList = list;
            args->flags |= EXTENDED_STARTUPINFO_PRESENT;
        } else { // the list refused: the host inherits as every QProcess child does
            startup.cb = sizeof(STARTUPINFOW);
        }
        args->startupInfo = &startup;
        args->inheritHandles = TRUE;
        if (niceness > 0)
            args->flags |= BELOW_NORMAL_PRIORITY_CLASS;
    });
}

void HostSocket::releaseHostEnd() {
    if (m_ends->startup.lpAttributeList) {
        DeleteProcThreadAttributeList(m_ends->startup.lpAttributeList);
        m_ends->startup.lpAttributeList = nullptr;
    }
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
    {
        std::lock_guard lock(m_ends->writeMutex);
        if (m_ends->writeClosed)
            return false;
        ++m_ends->writers;
    }
    bool written = true;
    while (written && !bytes.empty()) {
        DWORD wrote = 0;
        const DWORD chunk = DWORD(std::min<std::size_t>(bytes.size(), 1u << 30));
        written = WriteFile(m_ends->toHost, bytes.data(), chunk, &wrote, nullptr);
        bytes = bytes.subspan(wrote);
    }
    std::lock_guard lock(m_ends->writeMutex);
    if (--m_ends->writers == 0 && m_ends->writeClosed && m_ends->toHost)
        m_ends->closeToHost(); // closeWrite() came while this wrote
    return written;
}

std::size_t HostSocket::read(std::span<unsigned char> into) {
    {
        std::lock_guard lock(m_ends->readMutex);
        if (m_ends->shut)
            return 0;
        if (!DuplicateHandle(GetCurrentProcess(), GetCurrentThread(), GetCurrentProcess(),
                             &m_ends->reader, THREAD_TERMINATE, FALSE, 0))
            m_ends->reader = nullptr; // shutDown() then waits for the host's end
    }
    DWORD got = 0;
    const DWORD chunk = DWORD(std::min<std::size_t>(into.size(), 1u << 30));
    const bool ok = ReadFile(m_ends->fromHost, into.data(), chunk, &got, nullptr);
    std::lock_guard lock(m_ends->readMutex);
    if (m_ends->reader) {
        CloseHandle(m_ends->reader);
        m_ends->reader = nullptr;
    }
    // ERROR_BROKEN_PIPE: the host's end is gone; ERROR_OPERATION_ABORTED: shutDown().
    return ok && !m_ends->shut ? got : 0;
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
    std::lock_guard lock(m_ends->writeMutex);
    m_ends->writeClosed = true;
    if (m_ends->writers == 0 && m_ends->toHost)
        m_ends->closeToHost(); // else the last write closes it
}

void HostSocket::shutDown() {
    closeWrite();
    std::unique_lock lock(m_ends->readMutex);
    m_ends->shut = true;
    // The reader may be between its turn here and its ReadFile, where a cancel finds nothing to
    // cancel: it is cancelled again until it is out (1 ms apart, for at most a second).
    for (int tries = 0; m_ends->reader && tries < 1000; ++tries) {
        CancelSynchronousIo(m_ends->reader);
        lock.unlock();
        Sleep(1);
        lock.lock();
    }
}

} // namespace clw::ui
