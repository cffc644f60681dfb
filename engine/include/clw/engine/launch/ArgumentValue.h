#pragma once
// A value for one kernel argument, typed so that it can be checked against the kernel's signature
// before the launch (DESIGN.md §2 Launches).
#include "clw/engine/launch/KernelSignature.h"
#include "clw/engine/memory/PooledBuffer.h"
#include "clw/engine/memory/PooledSvm.h"
#include "clw/engine/runtime/LocalMemory.h"
#include "clw/engine/runtime/MemoryObject.h"
#include "clw/engine/runtime/Sampler.h"

#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace clw::engine {

class CommandQueue;

class ArgumentValue {
public:
    enum class Kind { Unset, Bytes, Memory, Local, Sampler, Svm, Queue, NullPointer };

    ArgumentValue() = default;

    // A scalar or vector of `element` type and `width` components; bytes as the device takes them
    // (3-component vectors padded to 4).
    static ArgumentValue bytes(ScalarType element, int width, const void* data, size_t size);
    template <class T>
    static ArgumentValue scalar(T value) {
        static_assert(std::is_arithmetic_v<T>);
        return bytes(scalarTypeOf<T>(), 1, &value, sizeof value);
    }
    // cl_half bits, which C++ cannot tell from ushort.
    static ArgumentValue half(cl_half bits) { return bytes(ScalarType::Half, 1, &bits, 2); }
    // Buffers (sub-buffers too), images and pipes.
    static ArgumentValue memory(const MemoryObject& object);
    // A pooled buffer: the value holds the pool's claim, so the block cannot go to another
    // allocation while a launch given this value may still use it.
    static ArgumentValue memory(const PooledBuffer& buffer);
    static ArgumentValue local(size_t size);
    static ArgumentValue sampler(const Sampler& sampler);
    static ArgumentValue svm(const void* pointer);
    // A pooled SVM block, its claim held as for a pooled buffer.
    static ArgumentValue svm(const PooledSvm& block);
    // The value holds a reference to the queue.
    static ArgumentValue queue(const CommandQueue& deviceQueue);
    // A null __global pointer, which OpenCL allows.
    static ArgumentValue nullPointer();

    Kind kind() const noexcept { return m_kind; }
    ScalarType element() const noexcept { return m_element; }
    int width() const noexcept { return m_width; }
    const std::vector<unsigned char>& data() const noexcept { return m_bytes; }
    const MemoryObject& memoryObject() const noexcept { return m_memory; }
    size_t localSize() const noexcept { return m_localSize; }
    const Sampler& samplerObject() const noexcept { return m_sampler; }
    const void* svmPointer() const noexcept { return m_svm; }
    cl_command_queue rawQueue() const noexcept { return m_queue; }
    // What must outlive a launch given this value (a pool's claim, a device queue); null when
    // the value names nothing the engine owns. A launch keeps it until the work completed.
    const std::shared_ptr<const void>& owner() const noexcept { return m_owner; }
    // The same value without its owner: for remembering what a kernel was given, which must not
    // keep a pool's block from being reused once the launch completed.
    ArgumentValue withoutOwner() const {
        ArgumentValue copy = *this;
        copy.m_owner.reset();
        return copy;
    }
    // "a float", "a float4", "a buffer", "local memory of 256 bytes": for error messages.
    std::string describe() const;

    template <class T>
    static constexpr ScalarType scalarTypeOf() {
        if constexpr (std::is_same_v<T, bool>)
            return ScalarType::Bool;
        else if constexpr (std::is_same_v<T, float>)
            return ScalarType::Float;
        else if constexpr (std::is_same_v<T, double>)
            return ScalarType::Double;
        else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
            return sizeof(T) == 1   ? ScalarType::Char
                   : sizeof(T) == 2 ? ScalarType::Short
                   : sizeof(T) == 4 ? ScalarType::Int
                                    : ScalarType::Long;
        else
            return sizeof(T) == 1   ? ScalarType::UChar
                   : sizeof(T) == 2 ? ScalarType::UShort
                   : sizeof(T) == 4 ? ScalarType::UInt
                                    : ScalarType::ULong;
    }

private:
    Kind m_kind = Kind::Unset;
    ScalarType m_element = ScalarType::Unknown;
    int m_width = 1;
    std::vector<unsigned char> m_bytes;
    MemoryObject m_memory;
    size_t m_localSize = 0;
    Sampler m_sampler;
    const void* m_svm = nullptr;
    cl_command_queue m_queue = nullptr;
    std::shared_ptr<const void> m_owner;
};

} // namespace clw::engine
