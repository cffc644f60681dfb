#pragma once
#include <chrono>

namespace clw::bench {

// Wall-clock seconds since construction or the last restart().
class Stopwatch {
public:
    Stopwatch()
        : m_start(std::chrono::steady_clock::now()) {}
    void restart() { m_start = std::chrono::steady_clock::now(); }
    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    }

private:
    std::chrono::steady_clock::time_point m_start;
};

} // namespace clw::bench
