#pragma once
// The OpenCL objects the program made that a captured launch needs, by handle: each has a
// number of its own (handles are reused once released), which the journal's lines name. Kernels
// keep their arguments as clSetKernelArg last gave them. Any thread.
#include <CL/cl.h>

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace clw::capture {

struct KernelArgument {
    bool set = false;
    bool svm = false;     // clSetKernelArgSVMPointer
    bool noValue = false; // arg_value was NULL: __local memory, or a null buffer
    std::size_t size = 0;
    std::vector<unsigned char> bytes;
};

struct KernelRecord {
    std::uint64_t id = 0;
    std::uint64_t program = 0;
    std::string name;
    std::vector<KernelArgument> arguments;
};

struct MemRecord {
    std::uint64_t id = 0;
    enum class Kind { Buffer, SubBuffer, Image, Pipe } kind = Kind::Buffer;
    std::size_t size = 0;
    cl_mem_flags flags = 0;
    std::uint64_t parent = 0;          // SubBuffer
    std::size_t origin = 0;            // SubBuffer: bytes into the parent
    cl_image_format format{};          // Image
    cl_image_desc desc{};              // Image
    std::size_t elementSize = 0;       // Image: bytes of one pixel
    std::size_t region[3] = {1, 1, 1}; // Image: pixels (layers) read and written whole
};

struct QueueRecord {
    std::uint64_t id = 0;
    std::string device;
    std::string platform;
    bool addedProfiling = false; // the layer turned profiling on where the program did not
};

class ObjectTable {
public:
    std::uint64_t addProgram(cl_program program);
    std::uint64_t program(cl_program program) const;
    void addKernel(cl_kernel kernel, KernelRecord record);
    std::optional<KernelRecord> kernel(cl_kernel kernel) const;
    std::string kernelName(cl_kernel kernel) const;
    // false when the kernel is unknown (made before the layer was loaded).
    bool setArgument(cl_kernel kernel, cl_uint index, KernelArgument argument);
    void addMem(cl_mem mem, MemRecord record);
    std::optional<MemRecord> mem(cl_mem mem) const;
    std::uint64_t addSampler(cl_sampler sampler);
    std::uint64_t sampler(cl_sampler sampler) const;
    void addQueue(cl_command_queue queue, QueueRecord record);
    std::optional<QueueRecord> queue(cl_command_queue queue) const;
    std::uint64_t queueId(cl_command_queue queue) const; // 0: unknown
    // A number for something else the journal names (a launch's data files).
    std::uint64_t newId();
    // Forgets an object about to be freed (its last reference released).
    void forget(const void* handle);

private:
    std::uint64_t next();

    mutable std::mutex m_mutex;
    std::uint64_t m_lastId = 0;
    std::map<const void*, std::uint64_t> m_programs;
    std::map<const void*, KernelRecord> m_kernels;
    std::map<const void*, MemRecord> m_mems;
    std::map<const void*, std::uint64_t> m_samplers;
    std::map<const void*, QueueRecord> m_queues;
};

} // namespace clw::capture
