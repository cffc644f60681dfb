#pragma once
// SHA-256 (FIPS 180-4) for the binary cache's keys and checksums (DESIGN.md §2): a strong hash
// with no external library, so the engine builds the same everywhere.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace clw::engine {

class Sha256 {
public:
    using Digest = std::array<std::uint8_t, 32>;

    Sha256();

    // Appends bytes to the message; any split into calls gives the same digest.
    void update(const void* data, std::size_t size);
    void update(std::string_view text) { update(text.data(), text.size()); }
    // Pads, returns the digest and resets to the empty message, ready for reuse.
    Digest finish();

    // Lower-case hex, 64 characters, as sha256sum prints it.
    static std::string hex(const Digest& digest);
    static Digest digest(std::string_view text);

private:
    void compress(const std::uint8_t* block);
    void reset();

    std::array<std::uint32_t, 8> m_state{};
    std::array<std::uint8_t, 64> m_buffer{};
    std::size_t m_buffered = 0;
    std::uint64_t m_length = 0; // message length in bytes
};

} // namespace clw::engine
