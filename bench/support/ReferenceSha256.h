#pragma once
// The hand-written SHA-256 (FIPS 180-4) the engine used before it took libcrypto's: kept here
// only as clw_bench_build's peer, timed on the same input as the engine's in the same run.
#include <array>
#include <cstddef>
#include <cstdint>

namespace clw::bench {

class ReferenceSha256 {
public:
    using Digest = std::array<std::uint8_t, 32>;

    ReferenceSha256();

    // Appends bytes to the message; any split into calls gives the same digest.
    void update(const void* data, std::size_t size);
    // Pads, returns the digest and resets to the empty message, ready for reuse.
    Digest finish();

private:
    void compress(const std::uint8_t* block);
    void reset();

    std::array<std::uint32_t, 8> m_state{};
    std::array<std::uint8_t, 64> m_buffer{};
    std::size_t m_buffered = 0;
    std::uint64_t m_length = 0; // message length in bytes
};

} // namespace clw::bench
