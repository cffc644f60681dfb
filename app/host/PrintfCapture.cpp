#include "PrintfCapture.h"

#include "HostChannel.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>

namespace clw::host {

PrintfCapture::PrintfCapture(int readEnd)
    : m_readEnd(readEnd)
    , m_chunk(1 << 16)
    , m_reader([this] { readLoop(); }) {}

PrintfCapture::~PrintfCapture() {
    // The pipe's write end is the process's stdout, open until exit: the reader is let go.
    m_reader.detach();
}

void PrintfCapture::readLoop() {
    for (;;) {
        HostChannel::waitReadable(m_readEnd);
        std::lock_guard lock(m_mutex);
        if (!drain())
            return;
    }
}

bool PrintfCapture::drain() {
    if (m_closed)
        return false;
    for (;;) {
        std::size_t got = 0;
        try {
            got = HostChannel::readAvailable(m_readEnd, m_chunk);
        } catch (const std::exception&) {
            m_closed = true;
            return false;
        }
        if (got == 0)
            return true;
        append(reinterpret_cast<const char*>(m_chunk.data()), got);
    }
}

void PrintfCapture::append(const char* bytes, std::size_t size) {
    if (m_head.size() < kKeepBytes) {
        const std::size_t room = std::min(size, kKeepBytes - m_head.size());
        m_head.append(bytes, room);
        bytes += room;
        size -= room;
    }
    m_tail.append(bytes, size);
    // The tail keeps its last kKeepBytes, trimmed once it holds twice that.
    const std::size_t limit = 2 * kKeepBytes;
    if (m_tail.size() > limit) {
        const std::size_t drop = m_tail.size() - kKeepBytes;
        m_tail.erase(0, drop);
        m_leftOut += drop;
    }
}

PrintedText PrintfCapture::take(bool flush) {
    if (flush) {
        std::fflush(nullptr);
        std::cout.flush();
    }
    std::lock_guard lock(m_mutex);
    if (flush)
        drain();
    // The tail is trimmed to its last kKeepBytes here, what it held before them left out too.
    const std::size_t extra = m_tail.size() > kKeepBytes ? m_tail.size() - kKeepBytes : 0;
    PrintedText printed;
    printed.leftOut = m_leftOut + extra;
    const std::string tail = m_tail.substr(extra);
    printed.text = printed.leftOut == 0 ? m_head + tail
                                        : m_head + "\n[... " + std::to_string(printed.leftOut) +
                                              " bytes left out ...]\n" + tail;
    m_head.clear();
    m_tail.clear();
    m_leftOut = 0;
    return printed;
}

} // namespace clw::host
