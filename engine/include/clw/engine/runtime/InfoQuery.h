#pragma once
// Reads one info parameter through a clGet*Info-shaped call into a C++ type: scalars, bool,
// std::string, std::vector<E> and std::array<E, N>. Used by the typed accessors of every object.
#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/ClError.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace clw::engine::detail {

template <class T>
struct IsVector : std::false_type {};
template <class E, class A>
struct IsVector<std::vector<E, A>> : std::true_type {};

// query(size, value, sizeRet) -> cl_int, as every clGet*Info call after its object and param.
template <class Query>
std::vector<std::byte> queryInfoBytes(Query&& query, const char* function, const char* param) {
    size_t size = 0;
    checkCl(query(0, nullptr, &size), function, [&] { return std::string("reading ") + param; });
    std::vector<std::byte> bytes(size);
    if (size)
        checkCl(query(size, bytes.data(), nullptr), function,
                [&] { return std::string("reading ") + param; });
    return bytes;
}

template <class T, class Query>
T queryInfo(Query&& query, const char* function, const char* param) {
    if constexpr (std::is_same_v<T, std::string>) {
        auto bytes = queryInfoBytes(query, function, param);
        std::string text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        if (auto nul = text.find('\0'); nul != std::string::npos)
            text.resize(nul);
        return text;
    } else if constexpr (std::is_same_v<T, bool>) {
        cl_bool value = CL_FALSE;
        checkCl(query(sizeof value, &value, nullptr), function,
                [&] { return std::string("reading ") + param; });
        return value != CL_FALSE;
    } else if constexpr (IsVector<T>::value) {
        using E = typename T::value_type;
        auto bytes = queryInfoBytes(query, function, param);
        T values(bytes.size() / sizeof(E));
        if (!values.empty())
            std::memcpy(values.data(), bytes.data(), values.size() * sizeof(E));
        return values;
    } else {
        static_assert(std::is_trivially_copyable_v<T>);
        // Some drivers answer a narrower type than the specification says (cl_uint for
        // size_t): read what they give into a zeroed value.
        auto bytes = queryInfoBytes(query, function, param);
        T value{};
        std::memcpy(&value, bytes.data(), std::min(bytes.size(), sizeof(T)));
        return value;
    }
}

} // namespace clw::engine::detail
