#pragma once
// Answers a clGet*Info query as the specification asks: the size goes to param_value_size_ret
// whenever it is asked for, the value only when param_value is given and has room for all of it
// (CL_INVALID_VALUE otherwise); a NULL param_value is a size query.
#include <CL/cl.h>

#include <cstring>
#include <span>
#include <string_view>

namespace clw::fakecl {

class InfoReply {
public:
    InfoReply(size_t capacity, void* value, size_t* sizeRet)
        : m_capacity(capacity)
        , m_value(value)
        , m_sizeRet(sizeRet) {}

    cl_int bytes(const void* data, size_t size) const {
        if (m_value) {
            if (m_capacity < size)
                return CL_INVALID_VALUE;
            if (size)
                std::memcpy(m_value, data, size);
        }
        if (m_sizeRet)
            *m_sizeRet = size;
        return CL_SUCCESS;
    }

    // A NUL-terminated string: its size counts the NUL.
    cl_int string(std::string_view text) const {
        const size_t size = text.size() + 1;
        if (m_value) {
            if (m_capacity < size)
                return CL_INVALID_VALUE;
            std::memcpy(m_value, text.data(), text.size());
            static_cast<char*>(m_value)[text.size()] = '\0';
        }
        if (m_sizeRet)
            *m_sizeRet = size;
        return CL_SUCCESS;
    }

    template <class T>
    cl_int value(const T& value) const {
        return bytes(&value, sizeof value);
    }

    cl_int boolean(bool value) const { return this->value(cl_bool(value ? CL_TRUE : CL_FALSE)); }

    template <class T>
    cl_int array(std::span<const T> items) const {
        return bytes(items.data(), items.size_bytes());
    }

private:
    size_t m_capacity;
    void* m_value;
    size_t* m_sizeRet;
};

} // namespace clw::fakecl
