#pragma once
// One owning wrapper for every OpenCL object (DESIGN.md §2): copy retains, move steals, the
// destructor releases and never throws.
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/HandleHash.h"
#include "clw/engine/runtime/HandleTraits.h"

#include <utility>

namespace clw::engine {

// Counts releases that failed in destructors, where throwing is not allowed. Tests read it.
int failedReleaseCount();
void noteFailedRelease(const char* label, cl_int code);

template <class T>
class Handle {
public:
    Handle() = default;
    // Takes over a reference the caller owns (what a clCreate* call returned).
    static Handle adopt(T raw) { return Handle(raw); }
    // Adds a reference of its own to an object someone else owns.
    static Handle retain(T raw) {
        if (raw)
            retainOrThrow(raw);
        return Handle(raw);
    }

    Handle(const Handle& other)
        : m_raw(other.m_raw) {
        if (m_raw)
            retainOrThrow(m_raw);
    }
    Handle(Handle&& other) noexcept
        : m_raw(std::exchange(other.m_raw, nullptr)) {}
    Handle& operator=(const Handle& other) {
        if (this != &other)
            *this = Handle(other);
        return *this;
    }
    Handle& operator=(Handle&& other) noexcept {
        if (this != &other) {
            reset();
            m_raw = std::exchange(other.m_raw, nullptr);
        }
        return *this;
    }
    ~Handle() { reset(); }

    T get() const noexcept { return m_raw; }
    explicit operator bool() const noexcept { return m_raw != nullptr; }
    // Gives up ownership without releasing.
    T detach() noexcept { return std::exchange(m_raw, nullptr); }
    void reset() noexcept {
        if (!m_raw)
            return;
        const cl_int code = HandleTraits<T>::release(std::exchange(m_raw, nullptr));
        if (code != CL_SUCCESS)
            noteFailedRelease(HandleTraits<T>::kLabel, code);
    }

    friend bool operator==(const Handle& a, const Handle& b) { return a.m_raw == b.m_raw; }

private:
    explicit Handle(T raw)
        : m_raw(raw) {}
    // The error names the retain function and its object: "clRetainContext ... retaining a
    // context".
    static void retainOrThrow(T raw) {
        checkCl(HandleTraits<T>::retain(raw), HandleTraits<T>::kRetainName,
                [] { return std::string("retaining a ") + HandleTraits<T>::kLabel; });
    }
    T m_raw = nullptr;
};

} // namespace clw::engine
