#pragma once
// What kernels print (printf) and drivers write to standard output, taken per launch: a thread
// reads the pipe that file descriptor 1 writes to (HostChannel), and take() draws a boundary
// after the launch has finished on the device, handing out what came before it. Bounded: a launch
// keeps its first and last kKeepBytes, and counts what was left out between them.
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace clw::host {

struct PrintedText {
    std::string text;          // head, then "\n[... N bytes left out ...]\n", then tail
    std::uint64_t leftOut = 0; // bytes between the head and the tail
};

class PrintfCapture {
public:
    static constexpr std::size_t kKeepBytes = std::size_t(1) << 20;

    // Reads `readEnd` on a thread of its own until the pipe closes.
    explicit PrintfCapture(int readEnd);
    ~PrintfCapture();
    PrintfCapture(const PrintfCapture&) = delete;
    PrintfCapture& operator=(const PrintfCapture&) = delete;

    // Flushes the C and C++ streams, writes a boundary mark to standard output and returns what
    // was printed before it since the last take(). Call once the launch's queue has finished.
    PrintedText take();

private:
    void readLoop();
    void append(const char* bytes, std::size_t size);

    int m_readEnd;
    std::mutex m_mutex;
    std::condition_variable m_arrived;
    std::string m_head;
    std::string m_tail;
    std::uint64_t m_leftOut = 0;
    std::uint64_t m_marks = 0; // boundaries written
    bool m_closed = false;
    std::thread m_reader;
};

} // namespace clw::host
