#include "clw/engine/launch/ArgumentValue.h"

#include "clw/engine/runtime/CommandQueue.h"

namespace clw::engine {

ArgumentValue ArgumentValue::bytes(ScalarType element, int width, const void* data, size_t size) {
    ArgumentValue value;
    value.m_kind = Kind::Bytes;
    value.m_element = element;
    value.m_width = width;
    const auto* begin = static_cast<const unsigned char*>(data);
    value.m_bytes.assign(begin, begin + size);
    return value;
}

ArgumentValue ArgumentValue::memory(const MemoryObject& object) {
    ArgumentValue value;
    value.m_kind = Kind::Memory;
    value.m_memory = object;
    return value;
}

ArgumentValue ArgumentValue::memory(const PooledBuffer& buffer) {
    ArgumentValue value = memory(static_cast<const MemoryObject&>(buffer));
    value.m_owner = buffer.lease();
    return value;
}

ArgumentValue ArgumentValue::local(size_t size) {
    ArgumentValue value;
    value.m_kind = Kind::Local;
    value.m_localSize = size;
    return value;
}

ArgumentValue ArgumentValue::sampler(const Sampler& sampler) {
    ArgumentValue value;
    value.m_kind = Kind::Sampler;
    value.m_sampler = sampler;
    return value;
}

ArgumentValue ArgumentValue::svm(const void* pointer) {
    ArgumentValue value;
    value.m_kind = Kind::Svm;
    value.m_svm = pointer;
    return value;
}

ArgumentValue ArgumentValue::svm(const PooledSvm& block) {
    ArgumentValue value = svm(block.data());
    value.m_owner = block.lease();
    return value;
}

ArgumentValue ArgumentValue::queue(const CommandQueue& deviceQueue) {
    ArgumentValue value;
    value.m_kind = Kind::Queue;
    value.m_queue = deviceQueue.get();
    value.m_owner = std::make_shared<CommandQueue>(deviceQueue);
    return value;
}

ArgumentValue ArgumentValue::nullPointer() {
    ArgumentValue value;
    value.m_kind = Kind::NullPointer;
    return value;
}

std::string ArgumentValue::describe() const {
    switch (m_kind) {
    case Kind::Unset:
        return "no value";
    case Kind::Bytes: {
        std::string name = scalarTypeName(m_element);
        if (m_width > 1)
            name += std::to_string(m_width);
        return "a " + name + " (" + std::to_string(m_bytes.size()) + " bytes)";
    }
    case Kind::Memory:
        return "a memory object";
    case Kind::Local:
        return "local memory of " + std::to_string(m_localSize) + " bytes";
    case Kind::Sampler:
        return "a sampler";
    case Kind::Svm:
        return "an SVM pointer";
    case Kind::Queue:
        return "a device queue";
    case Kind::NullPointer:
        return "a null pointer";
    }
    return "a value";
}

} // namespace clw::engine
