#pragma once
// The uninitialized-read check: which bytes of each tracked buffer something has written. A
// work-group's __local memory starts unwritten; so does a global buffer created without
// contents until the host writes or maps it. Untracked buffers count as written.
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace clw::oclgrind_check {

class WrittenBytes {
public:
    void track(std::uint64_t buffer, std::uint64_t size) { m_buffers[buffer].assign(size, false); }
    void forget(std::uint64_t buffer) { m_buffers.erase(buffer); }
    void clear() { m_buffers.clear(); }
    void markWritten(std::uint64_t buffer, std::uint64_t offset, std::uint64_t size);
    // Whether every byte of [offset, offset + size) was written (or is not tracked).
    bool written(std::uint64_t buffer, std::uint64_t offset, std::uint64_t size) const;

private:
    std::unordered_map<std::uint64_t, std::vector<bool>> m_buffers;
};

} // namespace clw::oclgrind_check
