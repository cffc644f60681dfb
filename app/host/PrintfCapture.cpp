#include "PrintfCapture.h"

#include "HostChannel.h"

#include <cstdio>
#include <iostream>
#include <vector>

namespace clw::host {

namespace {
// Control characters no kernel's text is likely to hold, with the mark's number.
std::string markText(std::uint64_t number) {
    return "\x1e\x1d"
           "clw-printf-boundary-" +
           std::to_string(number) + "\x1d\x1e";
}
} // namespace

PrintfCapture::PrintfCapture(int readEnd)
    : m_readEnd(readEnd)
    , m_reader([this] { readLoop(); }) {}

PrintfCapture::~PrintfCapture() {
    // The pipe's write end is the process's stdout, open until exit: the reader is let go.
    m_reader.detach();
}

void PrintfCapture::readLoop() {
    std::vector<unsigned char> chunk(1 << 16);
    for (;;) {
        std::size_t got = 0;
        try {
            got = HostChannel::readPipe(m_readEnd, chunk);
        } catch (const std::exception&) {
            got = 0;
        }
        std::lock_guard lock(m_mutex);
        if (got == 0) {
            m_closed = true;
            m_arrived.notify_all();
            return;
        }
        append(reinterpret_cast<const char*>(chunk.data()), got);
        m_arrived.notify_all();
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
    // The tail keeps its last kKeepBytes plus room for a mark split over two reads.
    const std::size_t limit = 2 * kKeepBytes;
    if (m_tail.size() > limit) {
        const std::size_t drop = m_tail.size() - kKeepBytes;
        m_tail.erase(0, drop);
        m_leftOut += drop;
    }
}

PrintedText PrintfCapture::take() {
    std::fflush(nullptr);
    std::cout.flush();
    std::string mark;
    {
        std::lock_guard lock(m_mutex);
        mark = markText(++m_marks);
    }
    HostChannel::writeStandardOutput(
        {reinterpret_cast<const unsigned char*>(mark.data()), mark.size()});
    std::unique_lock lock(m_mutex);
    const auto marked = [&] {
        return m_closed || (m_head + m_tail).find(mark) != std::string::npos;
    };
    m_arrived.wait(lock, marked);
    std::string all = m_head + m_tail;
    const std::size_t at = all.find(mark);
    PrintedText printed;
    const std::string before = at == std::string::npos ? all : all.substr(0, at);
    const std::string after =
        at == std::string::npos ? std::string() : all.substr(at + mark.size());
    if (m_leftOut == 0) {
        printed.text = before;
    } else {
        // `before` is the head and the kept tail, the left-out part between them.
        const std::size_t headSize = std::min(m_head.size(), before.size());
        printed.text = before.substr(0, headSize) + "\n[... " + std::to_string(m_leftOut) +
                       " bytes left out ...]\n" + before.substr(headSize);
    }
    printed.leftOut = m_leftOut;
    m_head.clear();
    m_tail.clear();
    m_leftOut = 0;
    append(after.data(), after.size());
    return printed;
}

} // namespace clw::host
