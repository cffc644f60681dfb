#pragma once
// Typed views over host memory the engine hands out as bytes: a map's pointer, a buffer's host
// array. The element type must tile the bytes exactly and fit the pointer's alignment; reading a
// float through a pointer that is not a float's is undefined behaviour, so it is refused instead.
#include "clw/engine/runtime/ClError.h"

#include <span>
#include <type_traits>

namespace clw::engine {

// Throws ClError with CL_INVALID_VALUE, naming `function` and `what` ("a buffer map"), when
// `bytes` is not a multiple of `elementSize` or `data` is not aligned to `alignment`.
void checkTypedView(const void* data, size_t bytes, size_t elementSize, size_t alignment,
                    const char* function, const char* what);

// `bytes` at `data` as elements of T (const T for a read-only view).
template <class T>
std::span<T> typedView(void* data, size_t bytes, const char* function, const char* what) {
    static_assert(std::is_trivially_copyable_v<T>, "host memory holds plain values only");
    checkTypedView(data, bytes, sizeof(T), alignof(T), function, what);
    return {static_cast<T*>(data), bytes / sizeof(T)};
}

} // namespace clw::engine
