#pragma once
// std::hash for every engine object (the seeds: objects are hashable, and two are the same when
// their OpenCL handles are). One generic specialization, not one per class: it covers any class
// of clw::engine whose get() returns an OpenCL handle, so Buffer, Image and Pipe hash like the
// MemoryObject they are, and a new object type is hashable without a line here.
#include "clw/engine/runtime/HandleTraits.h"

#include <cstddef>
#include <functional>
#include <type_traits>

namespace clw::engine {

// Never defined: only found, by argument-dependent lookup, for classes of this namespace.
template <class T>
void declaredInEngineNamespace(const T*);

} // namespace clw::engine

namespace clw::handle_hash_detail {

// Defined outside clw::engine so that ordinary lookup cannot see declaredInEngineNamespace: a
// class of another namespace (std::unique_ptr<_cl_context, D>, OpenCL-CLHPP's cl::Context) has
// a get() returning a handle too, and must keep its own hash.
template <class T>
concept InEngineNamespace = requires(const T* object) {
    declaredInEngineNamespace(object);
};

template <class Raw>
concept OpenClHandle = requires {
    engine::HandleTraits<Raw>::kLabel;
};

} // namespace clw::handle_hash_detail

namespace clw::engine {

// An engine object: a class of clw::engine whose get() returns the OpenCL handle it wraps.
template <class T>
concept HashedByHandle = std::is_class_v<T> && handle_hash_detail::InEngineNamespace<T> &&
    requires(const T& object) {
    { object.get() } -> handle_hash_detail::OpenClHandle;
};

} // namespace clw::engine

// Hashes the handle pointer, as operator== compares it: copies of one object, and objects made
// by retain() of the same raw handle, hash equal.
namespace std {
template <clw::engine::HashedByHandle T>
struct hash<T> {
    size_t operator()(const T& object) const noexcept {
        return hash<const void*>{}(static_cast<const void*>(object.get()));
    }
};
} // namespace std
