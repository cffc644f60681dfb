#include "ObjectTable.h"

namespace clw::capture {

namespace {
template <class Map>
auto find(const Map& map, const void* handle) -> std::optional<typename Map::mapped_type> {
    const auto found = map.find(handle);
    if (found == map.end())
        return std::nullopt;
    return found->second;
}
} // namespace

std::uint64_t ObjectTable::next() {
    return ++m_lastId;
}

std::uint64_t ObjectTable::newId() {
    std::lock_guard lock(m_mutex);
    return next();
}

std::uint64_t ObjectTable::addProgram(cl_program program) {
    std::lock_guard lock(m_mutex);
    return m_programs[program] = next();
}

std::uint64_t ObjectTable::program(cl_program program) const {
    std::lock_guard lock(m_mutex);
    return find(m_programs, program).value_or(0);
}

void ObjectTable::addKernel(cl_kernel kernel, KernelRecord record) {
    std::lock_guard lock(m_mutex);
    m_kernels[kernel] = std::move(record);
}

std::optional<KernelRecord> ObjectTable::kernel(cl_kernel kernel) const {
    std::lock_guard lock(m_mutex);
    return find(m_kernels, kernel);
}

std::string ObjectTable::kernelName(cl_kernel kernel) const {
    std::lock_guard lock(m_mutex);
    const auto found = m_kernels.find(kernel);
    return found == m_kernels.end() ? std::string() : found->second.name;
}

bool ObjectTable::setArgument(cl_kernel kernel, cl_uint index, KernelArgument argument) {
    std::lock_guard lock(m_mutex);
    const auto found = m_kernels.find(kernel);
    if (found == m_kernels.end())
        return false;
    std::vector<KernelArgument>& arguments = found->second.arguments;
    if (arguments.size() <= index)
        arguments.resize(index + 1);
    arguments[index] = std::move(argument);
    return true;
}

void ObjectTable::addMem(cl_mem mem, MemRecord record) {
    std::lock_guard lock(m_mutex);
    m_mems[mem] = record;
}

std::optional<MemRecord> ObjectTable::mem(cl_mem mem) const {
    std::lock_guard lock(m_mutex);
    return find(m_mems, mem);
}

std::uint64_t ObjectTable::addSampler(cl_sampler sampler) {
    std::lock_guard lock(m_mutex);
    return m_samplers[sampler] = next();
}

std::uint64_t ObjectTable::sampler(cl_sampler sampler) const {
    std::lock_guard lock(m_mutex);
    return find(m_samplers, sampler).value_or(0);
}

void ObjectTable::addQueue(cl_command_queue queue, QueueRecord record) {
    std::lock_guard lock(m_mutex);
    m_queues[queue] = std::move(record);
}

std::optional<QueueRecord> ObjectTable::queue(cl_command_queue queue) const {
    std::lock_guard lock(m_mutex);
    return find(m_queues, queue);
}

std::uint64_t ObjectTable::queueId(cl_command_queue queue) const {
    std::lock_guard lock(m_mutex);
    const auto found = m_queues.find(queue);
    return found == m_queues.end() ? 0 : found->second.id;
}

void ObjectTable::forget(const void* handle) {
    std::lock_guard lock(m_mutex);
    m_programs.erase(handle);
    m_kernels.erase(handle);
    m_mems.erase(handle);
    m_samplers.erase(handle);
    m_queues.erase(handle);
}

} // namespace clw::capture
