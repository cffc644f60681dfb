#include "LaunchRecorder.h"

#include <algorithm>
#include <cstring>

namespace clw::capture {

namespace {

std::string hex(const std::vector<unsigned char>& bytes) {
    static const char digits[] = "0123456789abcdef";
    std::string text;
    for (unsigned char byte : bytes) {
        text += digits[byte >> 4];
        text += digits[byte & 15];
    }
    return text;
}

nlohmann::json sizes(cl_uint dimensions, const size_t* values) {
    if (!values)
        return nullptr;
    nlohmann::json list = nlohmann::json::array();
    for (cl_uint i = 0; i < dimensions; ++i)
        list.push_back(values[i]);
    return list;
}

} // namespace

LaunchRecorder::LaunchRecorder(const CaptureSettings& settings, CaptureJournal& journal,
                               ObjectTable& table, const cl_icd_dispatch& next)
    : m_settings(settings)
    , m_journal(journal)
    , m_table(table)
    , m_next(next) {}

std::string LaunchRecorder::describe(const KernelRecord& kernel, nlohmann::json& arguments,
                                     std::vector<Memory>& memory) const {
    arguments = nlohmann::json::array();
    for (std::size_t index = 0; index < kernel.arguments.size(); ++index) {
        const KernelArgument& argument = kernel.arguments[index];
        const std::string which = "argument " + std::to_string(index);
        if (!argument.set)
            return which + " was never set";
        if (argument.svm)
            return which + " is an SVM pointer, which capture does not read yet";
        if (argument.noValue) {
            arguments.push_back({{"kind", "novalue"}, {"size", argument.size}});
            continue;
        }
        if (argument.size == sizeof(cl_mem)) {
            cl_mem handle;
            std::memcpy(&handle, argument.bytes.data(), sizeof handle);
            if (const auto mem = m_table.mem(handle)) {
                if (mem->kind == MemRecord::Kind::Pipe)
                    return which + " is a pipe, which capture does not read";
                arguments.push_back({{"kind", "mem"}, {"mem", mem->id}});
                const bool seen = std::any_of(memory.begin(), memory.end(), [&](const Memory& m) {
                    return m.record.id == mem->id;
                });
                if (!seen)
                    memory.push_back({handle, *mem});
                continue;
            }
            cl_sampler sampler;
            std::memcpy(&sampler, argument.bytes.data(), sizeof sampler);
            if (const std::uint64_t id = m_table.sampler(sampler)) {
                arguments.push_back({{"kind", "sampler"}, {"sampler", id}});
                continue;
            }
        }
        arguments.push_back({{"kind", "value"}, {"hex", hex(argument.bytes)}});
    }
    return {};
}

std::string LaunchRecorder::read(cl_command_queue queue, const std::vector<Memory>& memory,
                                 const std::string& prefix, const char* when,
                                 nlohmann::json& files) {
    for (const Memory& object : memory) {
        const MemRecord& record = object.record;
        std::vector<unsigned char> bytes(record.size);
        cl_int status;
        if (record.kind == MemRecord::Kind::Image) {
            const size_t origin[3] = {0, 0, 0};
            status = m_next.clEnqueueReadImage(queue, object.handle, CL_TRUE, origin, record.region,
                                               0, 0, bytes.data(), 0, nullptr, nullptr);
        } else {
            status = m_next.clEnqueueReadBuffer(queue, object.handle, CL_TRUE, 0, record.size,
                                                bytes.data(), 0, nullptr, nullptr);
        }
        if (status != CL_SUCCESS)
            return "reading memory object " + std::to_string(record.id) + " " + when +
                   " the launch failed (" + std::to_string(status) +
                   "): a buffer the host may not read (CL_MEM_HOST_NO_ACCESS) cannot be captured";
        const std::string name = prefix + "-m" + std::to_string(record.id) + "-" + when;
        if (!m_journal.writeData(name, bytes.data(), bytes.size()))
            return "the data of memory object " + std::to_string(record.id) +
                   " could not be written (is the disk full?)";
        files[std::to_string(record.id)][when] = name;
        if (m_settings.pick == CaptureSettings::Pick::Last)
            m_lastFiles.push_back(name);
    }
    return {};
}

void LaunchRecorder::skip(std::uint64_t count, const KernelRecord& kernel,
                          const std::string& reason) {
    m_journal.record({{"type", "skipped"},
                      {"launch", count},
                      {"kernel", kernel.id},
                      {"name", kernel.name},
                      {"reason", reason}});
}

cl_int LaunchRecorder::launch(cl_command_queue queue, cl_kernel handle,
                              const LaunchGeometry& geometry, cl_uint waits,
                              const cl_event* waitList, const std::function<cl_int()>& enqueue) {
    m_journal.countLaunch();
    const std::optional<KernelRecord> kernel = m_table.kernel(handle);
    if (!kernel || !m_settings.wantsKernel(kernel->name))
        return enqueue();
    std::unique_lock lock(m_mutex);
    const std::uint64_t count = ++m_count;
    if (!m_settings.captures(count)) {
        lock.unlock();
        return enqueue();
    }
    nlohmann::json arguments;
    std::vector<Memory> memory;
    if (const std::string reason = describe(*kernel, arguments, memory); !reason.empty()) {
        skip(count, *kernel, reason);
        return enqueue();
    }
    const bool range = m_settings.pick == CaptureSettings::Pick::Range;
    std::vector<Memory> before;
    std::uint64_t bytes = 0;
    for (const Memory& object : memory) {
        bytes += object.record.size;
        if (!range || !m_rangeSeen.count(object.record.id)) {
            before.push_back(object);
            bytes += object.record.size;
        }
    }
    if (bytes > m_settings.maxBytes) {
        skip(count, *kernel,
             "its memory takes " + std::to_string(bytes) +
                 " bytes to read before and after, over "
                 "the limit of " +
                 std::to_string(m_settings.maxBytes) + " (--max-bytes)");
        return enqueue();
    }
    if (waits)
        m_next.clWaitForEvents(waits, waitList);
    m_next.clFinish(queue);
    if (m_settings.pick == CaptureSettings::Pick::Last) {
        for (const std::string& name : m_lastFiles)
            m_journal.removeData(name);
        m_lastFiles.clear();
    }
    const std::string prefix = "l" + std::to_string(count);
    nlohmann::json files = nlohmann::json::object();
    if (const std::string reason = read(queue, before, prefix, "before", files); !reason.empty()) {
        skip(count, *kernel, reason);
        return enqueue();
    }
    for (const Memory& object : before)
        m_rangeSeen.insert(object.record.id);
    const cl_int status = enqueue();
    if (status != CL_SUCCESS) {
        skip(count, *kernel, "the launch itself failed (" + std::to_string(status) + ")");
        return status;
    }
    m_next.clFinish(queue);
    const std::string afterProblem = read(queue, memory, prefix, "after", files);
    const std::optional<QueueRecord> queueRecord = m_table.queue(queue);
    nlohmann::json line = {{"type", "launch"},
                           {"launch", count},
                           {"kernel", kernel->id},
                           {"program", kernel->program},
                           {"name", kernel->name},
                           {"queue", queueRecord ? queueRecord->id : 0},
                           {"device", queueRecord ? queueRecord->device : ""},
                           {"platform", queueRecord ? queueRecord->platform : ""},
                           {"global", sizes(geometry.dimensions, geometry.global)},
                           {"local", sizes(geometry.dimensions, geometry.local)},
                           {"offset", sizes(geometry.dimensions, geometry.offset)},
                           {"arguments", arguments},
                           {"data", files}};
    if (!afterProblem.empty())
        line["afterProblem"] = afterProblem;
    m_journal.record(line);
    m_journal.countCaptured();
    return status;
}

} // namespace clw::capture
