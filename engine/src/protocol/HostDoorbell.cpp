#include "clw/engine/protocol/HostDoorbell.h"

#include <atomic>

#if defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <intrin.h>
#endif

namespace clw::engine {

namespace {
// Each count on a cache line of its own: the side that writes one only reads the other.
constexpr std::size_t kLine = 64;
static_assert(HostDoorbell::kBytes >= 2 * kLine);
// Shared between processes, the counts must not be a lock's (which would live in one process).
static_assert(std::atomic_ref<std::uint64_t>::is_always_lock_free);
} // namespace

HostDoorbell::HostDoorbell(void* shared)
    : m_shared(static_cast<unsigned char*>(shared)) {}

std::uint64_t& HostDoorbell::counter(Direction direction) const {
    return *reinterpret_cast<std::uint64_t*>(m_shared +
                                             (direction == Direction::ToHost ? 0 : kLine));
}

void HostDoorbell::ring(Direction direction) {
    std::atomic_ref(counter(direction)).fetch_add(1, std::memory_order_release);
}

std::uint64_t HostDoorbell::rings(Direction direction) const {
    return std::atomic_ref(counter(direction)).load(std::memory_order_acquire);
}

bool HostDoorbell::waitForRing(Direction direction, std::uint64_t seen,
                               std::chrono::steady_clock::time_point until) const {
    for (;;) {
        // A few looks between two looks at the clock, which costs more than one.
        for (int look = 0; look < 16; ++look) {
            if (rings(direction) != seen)
                return true;
            pause();
        }
        if (std::chrono::steady_clock::now() >= until)
            return false;
    }
}

void HostDoorbell::pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    _mm_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

} // namespace clw::engine
