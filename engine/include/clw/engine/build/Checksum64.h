#pragma once
// A fast 64-bit checksum (the XXH64 algorithm) for cache entries' binaries: it catches truncation
// and flipped bits at several GB/s, so a warm cache hit stays well under a millisecond.
#include <cstddef>
#include <cstdint>

namespace clw::engine {

std::uint64_t checksum64(const void* data, size_t size, std::uint64_t seed = 0);

} // namespace clw::engine
