#pragma once
// What kernels print (printf) and drivers write to standard output, taken per launch: a thread
// drains the pipe that file descriptor 1 writes to (HostChannel), so that a kernel printing more
// than the pipe holds never blocks, and take(), called once the launch has finished on the
// device, drains what is left and hands out everything since the last take(). Both read the pipe
// only under the capture's lock, so no bytes are ever between the pipe and the capture when take()
// looks. Bounded: a launch keeps its first and last kKeepBytes, and counts what was left out
// between them.
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace clw::host {

struct PrintedText {
    std::string text;          // head, then "\n[... N bytes left out ...]\n", then tail
    std::uint64_t leftOut = 0; // bytes between the head and the tail
};

class PrintfCapture {
public:
    static constexpr std::size_t kKeepBytes = std::size_t(1) << 20;

    // Drains `readEnd` on a thread of its own until the pipe closes.
    explicit PrintfCapture(int readEnd);
    ~PrintfCapture();
    PrintfCapture(const PrintfCapture&) = delete;
    PrintfCapture& operator=(const PrintfCapture&) = delete;

    // Flushes the C and C++ streams and returns what was printed since the last take(). Call
    // once the launch's queue has finished. Without `flush`, hands out what the reader thread
    // took from the pipe so far, at no system call: for a program that prints nothing, whose
    // launches would otherwise pay for two flushes and a read each (what a driver wrote comes
    // with a later take()).
    PrintedText take(bool flush = true);

private:
    void readLoop();
    // Under m_mutex: reads what the pipe holds now; false once it closed.
    bool drain();
    void append(const char* bytes, std::size_t size);

    int m_readEnd;
    std::mutex m_mutex;
    std::vector<unsigned char> m_chunk;
    std::string m_head;
    std::string m_tail;
    std::uint64_t m_leftOut = 0;
    bool m_closed = false;
    std::thread m_reader;
};

} // namespace clw::host
