// The calls a capture needs to see, each passed on through the loader's table (Layer::next)
// and timed into the trace: queues (profiling turned on, and hidden from the program's own
// questions), programs and their builds (sources, options, headers, the -I folders' files),
// kernels and their arguments, memory objects, samplers, and the launches themselves.
#include "Layer.h"

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

namespace clw::capture {

namespace {

Layer& L() {
    return layer();
}

// The program's event for a command, or one of the layer's where the program asked for none;
// kept (retained) for the trace once the command is enqueued.
class CommandEvent {
public:
    explicit CommandEvent(cl_event* programs)
        : m_programs(programs) {}
    cl_event* pointer() { return m_programs ? m_programs : &m_own; }
    cl_event kept(cl_int status) const {
        if (status != CL_SUCCESS)
            return nullptr;
        if (!m_programs)
            return m_own;
        L().next.clRetainEvent(*m_programs);
        return *m_programs;
    }

private:
    cl_event* m_programs;
    cl_event m_own = nullptr;
};

template <class Object, class Info>
cl_uint referenceCount(Object object, Info info, cl_uint name) {
    cl_uint count = 0;
    if (info(object, name, sizeof count, &count, nullptr) != CL_SUCCESS)
        return 0;
    return count;
}

std::string deviceText(cl_device_id device, cl_device_info what) {
    size_t size = 0;
    if (L().next.clGetDeviceInfo(device, what, 0, nullptr, &size) != CL_SUCCESS || !size)
        return {};
    std::string text(size, '\0');
    L().next.clGetDeviceInfo(device, what, size, text.data(), nullptr);
    text.resize(text.find('\0') == std::string::npos ? size : text.find('\0'));
    return text;
}

std::string platformName(cl_device_id device) {
    cl_platform_id platform = nullptr;
    if (L().next.clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, nullptr) !=
        CL_SUCCESS)
        return {};
    size_t size = 0;
    if (L().next.clGetPlatformInfo(platform, CL_PLATFORM_NAME, 0, nullptr, &size) != CL_SUCCESS)
        return {};
    std::string text(size, '\0');
    L().next.clGetPlatformInfo(platform, CL_PLATFORM_NAME, size, text.data(), nullptr);
    text.resize(text.find('\0') == std::string::npos ? size : text.find('\0'));
    return text;
}

void registerQueue(cl_command_queue queue, cl_device_id device, bool addedProfiling) {
    QueueRecord record;
    record.id = L().table.newId();
    record.device = deviceText(device, CL_DEVICE_NAME);
    record.platform = platformName(device);
    record.addedProfiling = addedProfiling;
    L().table.addQueue(queue, record);
    L().journal->record({{"type", "queue"},
                         {"queue", record.id},
                         {"device", record.device},
                         {"platform", record.platform}});
}

std::string programSource(cl_program program) {
    size_t size = 0;
    if (L().next.clGetProgramInfo(program, CL_PROGRAM_SOURCE, 0, nullptr, &size) != CL_SUCCESS ||
        size <= 1)
        return {};
    std::string text(size, '\0');
    L().next.clGetProgramInfo(program, CL_PROGRAM_SOURCE, size, text.data(), nullptr);
    text.resize(size - 1);
    return text;
}

// The -I folders of build options, in order.
std::vector<std::string> includeFolders(const char* options) {
    std::vector<std::string> folders;
    std::istringstream words(options ? options : "");
    for (std::string word; words >> word;) {
        if (word == "-I") {
            if (words >> word)
                folders.push_back(word);
        } else if (word.rfind("-I", 0) == 0) {
            folders.push_back(word.substr(2));
        }
    }
    return folders;
}

// The files of the -I folders that `source` includes, and those they include, by the name the
// #include spells, with their text: what the build read there.
nlohmann::json includedFiles(const std::string& source, const char* options) {
    const std::vector<std::string> folders = includeFolders(options);
    nlohmann::json files = nlohmann::json::array();
    if (folders.empty())
        return files;
    static const std::regex include(R"(#\s*include\s*[<"]([^>"]+)[>"])");
    std::set<std::string> seen;
    std::vector<std::string> texts{source};
    while (!texts.empty()) {
        const std::string text = std::move(texts.back());
        texts.pop_back();
        for (std::sregex_iterator it(text.begin(), text.end(), include), end; it != end; ++it) {
            const std::string name = (*it)[1];
            if (!seen.insert(name).second)
                continue;
            for (const std::string& folder : folders) {
                std::ifstream file(std::filesystem::path(folder) / name, std::ios::binary);
                if (!file)
                    continue;
                std::ostringstream contents;
                contents << file.rdbuf();
                files.push_back({{"name", name}, {"text", contents.str()}});
                texts.push_back(contents.str());
                break;
            }
        }
    }
    return files;
}

void registerKernel(cl_kernel kernel, std::uint64_t program, const std::string& name,
                    std::vector<KernelArgument> arguments = {}) {
    KernelRecord record;
    record.id = L().table.newId();
    record.program = program;
    record.name = name;
    cl_uint count = 0;
    L().next.clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof count, &count, nullptr);
    record.arguments = std::move(arguments);
    record.arguments.resize(std::max<std::size_t>(count, record.arguments.size()));
    L().table.addKernel(kernel, record);
    L().journal->record(
        {{"type", "kernel"}, {"kernel", record.id}, {"program", program}, {"name", name}});
}

std::string kernelName(cl_kernel kernel) {
    size_t size = 0;
    if (L().next.clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, 0, nullptr, &size) !=
            CL_SUCCESS ||
        !size)
        return {};
    std::string name(size, '\0');
    L().next.clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, size, name.data(), nullptr);
    name.resize(size - 1);
    return name;
}

void registerMem(cl_mem mem, MemRecord record, nlohmann::json line) {
    record.id = L().table.newId();
    L().table.addMem(mem, record);
    line["type"] = "mem";
    line["mem"] = record.id;
    line["size"] = record.size;
    line["flags"] = record.flags;
    L().journal->record(line);
}

void registerBuffer(cl_mem mem, cl_mem_flags flags, size_t size) {
    MemRecord record;
    record.kind = MemRecord::Kind::Buffer;
    record.size = size;
    record.flags = flags;
    registerMem(mem, record, {{"kind", "buffer"}});
}

void registerImage(cl_mem mem, cl_mem_flags flags) {
    MemRecord record;
    record.kind = MemRecord::Kind::Image;
    record.flags = flags;
    const cl_icd_dispatch& next = L().next;
    cl_mem_object_type type = 0;
    next.clGetMemObjectInfo(mem, CL_MEM_TYPE, sizeof type, &type, nullptr);
    next.clGetImageInfo(mem, CL_IMAGE_FORMAT, sizeof record.format, &record.format, nullptr);
    next.clGetImageInfo(mem, CL_IMAGE_ELEMENT_SIZE, sizeof record.elementSize, &record.elementSize,
                        nullptr);
    size_t width = 0, height = 0, depth = 0, layers = 0;
    next.clGetImageInfo(mem, CL_IMAGE_WIDTH, sizeof width, &width, nullptr);
    next.clGetImageInfo(mem, CL_IMAGE_HEIGHT, sizeof height, &height, nullptr);
    next.clGetImageInfo(mem, CL_IMAGE_DEPTH, sizeof depth, &depth, nullptr);
    next.clGetImageInfo(mem, CL_IMAGE_ARRAY_SIZE, sizeof layers, &layers, nullptr);
    record.desc.image_type = type;
    record.region[0] = width;
    if (type == CL_MEM_OBJECT_IMAGE1D_ARRAY)
        record.region[1] = layers;
    if (type == CL_MEM_OBJECT_IMAGE2D || type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
        type == CL_MEM_OBJECT_IMAGE3D)
        record.region[1] = height;
    if (type == CL_MEM_OBJECT_IMAGE2D_ARRAY)
        record.region[2] = layers;
    if (type == CL_MEM_OBJECT_IMAGE3D)
        record.region[2] = depth;
    record.size = record.elementSize * record.region[0] * record.region[1] * record.region[2];
    registerMem(mem, record,
                {{"kind", "image"},
                 {"imageType", type},
                 {"channelOrder", record.format.image_channel_order},
                 {"channelType", record.format.image_channel_data_type},
                 {"elementSize", record.elementSize},
                 {"region", {record.region[0], record.region[1], record.region[2]}}});
}

// ---- queues

cl_command_queue CL_API_CALL createCommandQueue(cl_context context, cl_device_id device,
                                                cl_command_queue_properties properties,
                                                cl_int* error) {
    TracedCall traced("clCreateCommandQueue");
    bool added = !(properties & CL_QUEUE_PROFILING_ENABLE);
    cl_command_queue queue = L().next.clCreateCommandQueue(
        context, device, properties | CL_QUEUE_PROFILING_ENABLE, error);
    if (!queue && added) { // a device that cannot profile: the program's own queue, untimed
        added = false;
        queue = L().next.clCreateCommandQueue(context, device, properties, error);
    }
    if (queue)
        registerQueue(queue, device, added);
    return queue;
}

cl_command_queue CL_API_CALL createCommandQueueWithProperties(cl_context context,
                                                              cl_device_id device,
                                                              const cl_queue_properties* properties,
                                                              cl_int* error) {
    TracedCall traced("clCreateCommandQueueWithProperties");
    std::vector<cl_queue_properties> list;
    bool found = false, added = false;
    for (const cl_queue_properties* p = properties; p && p[0]; p += 2) {
        list.push_back(p[0]);
        list.push_back(p[1]);
        if (p[0] == CL_QUEUE_PROPERTIES) {
            found = true;
            const bool onDevice = (p[1] & CL_QUEUE_ON_DEVICE) != 0;
            if (!onDevice && !(p[1] & CL_QUEUE_PROFILING_ENABLE)) {
                list.back() |= CL_QUEUE_PROFILING_ENABLE;
                added = true;
            }
        }
    }
    if (!found) {
        list.push_back(CL_QUEUE_PROPERTIES);
        list.push_back(CL_QUEUE_PROFILING_ENABLE);
        added = true;
    }
    list.push_back(0);
    cl_command_queue queue =
        L().next.clCreateCommandQueueWithProperties(context, device, list.data(), error);
    if (!queue && added) {
        added = false;
        queue = L().next.clCreateCommandQueueWithProperties(context, device, properties, error);
    }
    if (queue)
        registerQueue(queue, device, added);
    return queue;
}

cl_int CL_API_CALL getCommandQueueInfo(cl_command_queue queue, cl_command_queue_info name,
                                       size_t size, void* value, size_t* sizeRet) {
    TracedCall traced("clGetCommandQueueInfo");
    const cl_int status = L().next.clGetCommandQueueInfo(queue, name, size, value, sizeRet);
    // The program sees the properties it asked for, not the profiling the layer added.
    if (status == CL_SUCCESS && name == CL_QUEUE_PROPERTIES && value &&
        size >= sizeof(cl_command_queue_properties)) {
        const std::optional<QueueRecord> record = L().table.queue(queue);
        if (record && record->addedProfiling)
            *static_cast<cl_command_queue_properties*>(value) &=
                ~cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE);
    }
    return status;
}

cl_int CL_API_CALL releaseCommandQueue(cl_command_queue queue) {
    TracedCall traced("clReleaseCommandQueue");
    L().trace->harvest(false);
    if (referenceCount(queue, L().next.clGetCommandQueueInfo, CL_QUEUE_REFERENCE_COUNT) == 1)
        L().table.forget(queue);
    return L().next.clReleaseCommandQueue(queue);
}

cl_int CL_API_CALL finish(cl_command_queue queue) {
    cl_int status;
    {
        TracedCall traced("clFinish");
        traced.queue = L().table.queueId(queue);
        status = L().next.clFinish(queue);
    }
    L().trace->harvest(false);
    return status;
}

cl_int CL_API_CALL waitForEvents(cl_uint count, const cl_event* events) {
    cl_int status;
    {
        TracedCall traced("clWaitForEvents");
        status = L().next.clWaitForEvents(count, events);
    }
    L().trace->harvest(false);
    return status;
}

// ---- programs

cl_program CL_API_CALL createProgramWithSource(cl_context context, cl_uint count,
                                               const char** strings, const size_t* lengths,
                                               cl_int* error) {
    TracedCall traced("clCreateProgramWithSource");
    cl_program program =
        L().next.clCreateProgramWithSource(context, count, strings, lengths, error);
    if (program) {
        nlohmann::json sources = nlohmann::json::array();
        for (cl_uint i = 0; i < count; ++i)
            sources.push_back(lengths && lengths[i] ? std::string(strings[i], lengths[i])
                                                    : std::string(strings[i]));
        L().journal->record({{"type", "program"},
                             {"program", L().table.addProgram(program)},
                             {"sources", sources}});
    }
    return program;
}

void registerProgramWithout(cl_program program, const char* from) {
    if (program)
        L().journal->record(
            {{"type", "program"}, {"program", L().table.addProgram(program)}, {"from", from}});
}

cl_program CL_API_CALL createProgramWithIL(cl_context context, const void* il, size_t length,
                                           cl_int* error) {
    TracedCall traced("clCreateProgramWithIL");
    cl_program program = L().next.clCreateProgramWithIL(context, il, length, error);
    registerProgramWithout(program, "il");
    return program;
}

cl_program CL_API_CALL createProgramWithBinary(cl_context context, cl_uint devices,
                                               const cl_device_id* list, const size_t* lengths,
                                               const unsigned char** binaries, cl_int* statuses,
                                               cl_int* error) {
    TracedCall traced("clCreateProgramWithBinary");
    cl_program program = L().next.clCreateProgramWithBinary(context, devices, list, lengths,
                                                            binaries, statuses, error);
    registerProgramWithout(program, "binary");
    return program;
}

cl_program CL_API_CALL createProgramWithBuiltInKernels(cl_context context, cl_uint devices,
                                                       const cl_device_id* list, const char* names,
                                                       cl_int* error) {
    TracedCall traced("clCreateProgramWithBuiltInKernels");
    cl_program program =
        L().next.clCreateProgramWithBuiltInKernels(context, devices, list, names, error);
    registerProgramWithout(program, "builtin");
    return program;
}

cl_int CL_API_CALL buildProgram(cl_program program, cl_uint devices, const cl_device_id* list,
                                const char* options, void(CL_CALLBACK* notify)(cl_program, void*),
                                void* data) {
    TracedCall traced("clBuildProgram");
    const cl_int status = L().next.clBuildProgram(program, devices, list, options, notify, data);
    L().journal->record({{"type", "build"},
                         {"program", L().table.program(program)},
                         {"options", options ? options : ""},
                         {"status", status},
                         {"includes", includedFiles(programSource(program), options)}});
    return status;
}

cl_int CL_API_CALL compileProgram(cl_program program, cl_uint devices, const cl_device_id* list,
                                  const char* options, cl_uint headerCount,
                                  const cl_program* headers, const char** headerNames,
                                  void(CL_CALLBACK* notify)(cl_program, void*), void* data) {
    TracedCall traced("clCompileProgram");
    const cl_int status = L().next.clCompileProgram(program, devices, list, options, headerCount,
                                                    headers, headerNames, notify, data);
    nlohmann::json named = nlohmann::json::array();
    for (cl_uint i = 0; i < headerCount; ++i)
        named.push_back({{"name", headerNames[i]}, {"text", programSource(headers[i])}});
    L().journal->record({{"type", "compile"},
                         {"program", L().table.program(program)},
                         {"options", options ? options : ""},
                         {"status", status},
                         {"headers", named},
                         {"includes", includedFiles(programSource(program), options)}});
    return status;
}

cl_program CL_API_CALL linkProgram(cl_context context, cl_uint devices, const cl_device_id* list,
                                   const char* options, cl_uint count, const cl_program* inputs,
                                   void(CL_CALLBACK* notify)(cl_program, void*), void* data,
                                   cl_int* error) {
    TracedCall traced("clLinkProgram");
    cl_program program =
        L().next.clLinkProgram(context, devices, list, options, count, inputs, notify, data, error);
    if (program) {
        nlohmann::json from = nlohmann::json::array();
        for (cl_uint i = 0; i < count; ++i)
            from.push_back(L().table.program(inputs[i]));
        L().journal->record({{"type", "link"},
                             {"program", L().table.addProgram(program)},
                             {"inputs", from},
                             {"options", options ? options : ""}});
    }
    return program;
}

cl_int CL_API_CALL releaseProgram(cl_program program) {
    TracedCall traced("clReleaseProgram");
    if (referenceCount(program, L().next.clGetProgramInfo, CL_PROGRAM_REFERENCE_COUNT) == 1)
        L().table.forget(program);
    return L().next.clReleaseProgram(program);
}

// ---- kernels

cl_kernel CL_API_CALL createKernel(cl_program program, const char* name, cl_int* error) {
    TracedCall traced("clCreateKernel");
    cl_kernel kernel = L().next.clCreateKernel(program, name, error);
    if (kernel)
        registerKernel(kernel, L().table.program(program), name);
    return kernel;
}

cl_int CL_API_CALL createKernelsInProgram(cl_program program, cl_uint count, cl_kernel* kernels,
                                          cl_uint* made) {
    TracedCall traced("clCreateKernelsInProgram");
    cl_uint got = 0;
    const cl_int status = L().next.clCreateKernelsInProgram(program, count, kernels, &got);
    if (made)
        *made = got;
    if (status == CL_SUCCESS && kernels)
        for (cl_uint i = 0; i < std::min(count, got); ++i)
            registerKernel(kernels[i], L().table.program(program), kernelName(kernels[i]));
    return status;
}

cl_kernel CL_API_CALL cloneKernel(cl_kernel source, cl_int* error) {
    TracedCall traced("clCloneKernel");
    cl_kernel kernel = L().next.clCloneKernel(source, error);
    if (kernel) {
        const std::optional<KernelRecord> record = L().table.kernel(source);
        registerKernel(kernel, record ? record->program : 0, kernelName(kernel),
                       record ? record->arguments : std::vector<KernelArgument>{});
    }
    return kernel;
}

cl_int CL_API_CALL setKernelArg(cl_kernel kernel, cl_uint index, size_t size, const void* value) {
    TracedCall traced("clSetKernelArg");
    const cl_int status = L().next.clSetKernelArg(kernel, index, size, value);
    if (status == CL_SUCCESS) {
        KernelArgument argument;
        argument.set = true;
        argument.size = size;
        argument.noValue = value == nullptr;
        if (value)
            argument.bytes.assign(static_cast<const unsigned char*>(value),
                                  static_cast<const unsigned char*>(value) + size);
        L().table.setArgument(kernel, index, std::move(argument));
    }
    return status;
}

cl_int CL_API_CALL setKernelArgSVMPointer(cl_kernel kernel, cl_uint index, const void* pointer) {
    TracedCall traced("clSetKernelArgSVMPointer");
    const cl_int status = L().next.clSetKernelArgSVMPointer(kernel, index, pointer);
    if (status == CL_SUCCESS) {
        KernelArgument argument;
        argument.set = argument.svm = true;
        L().table.setArgument(kernel, index, std::move(argument));
    }
    return status;
}

cl_int CL_API_CALL releaseKernel(cl_kernel kernel) {
    TracedCall traced("clReleaseKernel");
    if (referenceCount(kernel, L().next.clGetKernelInfo, CL_KERNEL_REFERENCE_COUNT) == 1)
        L().table.forget(kernel);
    return L().next.clReleaseKernel(kernel);
}

// ---- memory and samplers

cl_mem CL_API_CALL createBuffer(cl_context context, cl_mem_flags flags, size_t size, void* host,
                                cl_int* error) {
    TracedCall traced("clCreateBuffer");
    cl_mem mem = L().next.clCreateBuffer(context, flags, size, host, error);
    if (mem)
        registerBuffer(mem, flags, size);
    return mem;
}

cl_mem CL_API_CALL createBufferWithProperties(cl_context context,
                                              const cl_mem_properties* properties,
                                              cl_mem_flags flags, size_t size, void* host,
                                              cl_int* error) {
    TracedCall traced("clCreateBufferWithProperties");
    cl_mem mem =
        L().next.clCreateBufferWithProperties(context, properties, flags, size, host, error);
    if (mem)
        registerBuffer(mem, flags, size);
    return mem;
}

cl_mem CL_API_CALL createSubBuffer(cl_mem parent, cl_mem_flags flags, cl_buffer_create_type type,
                                   const void* info, cl_int* error) {
    TracedCall traced("clCreateSubBuffer");
    cl_mem mem = L().next.clCreateSubBuffer(parent, flags, type, info, error);
    if (mem && type == CL_BUFFER_CREATE_TYPE_REGION) {
        const auto* region = static_cast<const cl_buffer_region*>(info);
        const std::optional<MemRecord> of = L().table.mem(parent);
        MemRecord record;
        record.kind = MemRecord::Kind::SubBuffer;
        record.size = region->size;
        record.flags = flags ? flags : (of ? of->flags : 0);
        record.parent = of ? of->id : 0;
        record.origin = region->origin;
        registerMem(mem, record,
                    {{"kind", "subbuffer"}, {"parent", record.parent}, {"origin", record.origin}});
    }
    return mem;
}

cl_mem CL_API_CALL createImage(cl_context context, cl_mem_flags flags,
                               const cl_image_format* format, const cl_image_desc* desc, void* host,
                               cl_int* error) {
    TracedCall traced("clCreateImage");
    cl_mem mem = L().next.clCreateImage(context, flags, format, desc, host, error);
    if (mem)
        registerImage(mem, flags);
    return mem;
}

cl_mem CL_API_CALL createImageWithProperties(cl_context context,
                                             const cl_mem_properties* properties,
                                             cl_mem_flags flags, const cl_image_format* format,
                                             const cl_image_desc* desc, void* host, cl_int* error) {
    TracedCall traced("clCreateImageWithProperties");
    cl_mem mem =
        L().next.clCreateImageWithProperties(context, properties, flags, format, desc, host, error);
    if (mem)
        registerImage(mem, flags);
    return mem;
}

cl_mem CL_API_CALL createImage2D(cl_context context, cl_mem_flags flags,
                                 const cl_image_format* format, size_t width, size_t height,
                                 size_t pitch, void* host, cl_int* error) {
    TracedCall traced("clCreateImage2D");
    cl_mem mem =
        L().next.clCreateImage2D(context, flags, format, width, height, pitch, host, error);
    if (mem)
        registerImage(mem, flags);
    return mem;
}

cl_mem CL_API_CALL createImage3D(cl_context context, cl_mem_flags flags,
                                 const cl_image_format* format, size_t width, size_t height,
                                 size_t depth, size_t rowPitch, size_t slicePitch, void* host,
                                 cl_int* error) {
    TracedCall traced("clCreateImage3D");
    cl_mem mem = L().next.clCreateImage3D(context, flags, format, width, height, depth, rowPitch,
                                          slicePitch, host, error);
    if (mem)
        registerImage(mem, flags);
    return mem;
}

cl_mem CL_API_CALL createPipe(cl_context context, cl_mem_flags flags, cl_uint packetSize,
                              cl_uint packets, const cl_pipe_properties* properties,
                              cl_int* error) {
    TracedCall traced("clCreatePipe");
    cl_mem mem = L().next.clCreatePipe(context, flags, packetSize, packets, properties, error);
    if (mem) {
        MemRecord record;
        record.kind = MemRecord::Kind::Pipe;
        record.flags = flags;
        registerMem(mem, record, {{"kind", "pipe"}});
    }
    return mem;
}

cl_int CL_API_CALL releaseMemObject(cl_mem mem) {
    TracedCall traced("clReleaseMemObject");
    if (referenceCount(mem, L().next.clGetMemObjectInfo, CL_MEM_REFERENCE_COUNT) == 1)
        L().table.forget(mem);
    return L().next.clReleaseMemObject(mem);
}

void registerSampler(cl_sampler sampler) {
    cl_bool normalized = CL_FALSE;
    cl_addressing_mode addressing = 0;
    cl_filter_mode filter = 0;
    L().next.clGetSamplerInfo(sampler, CL_SAMPLER_NORMALIZED_COORDS, sizeof normalized, &normalized,
                              nullptr);
    L().next.clGetSamplerInfo(sampler, CL_SAMPLER_ADDRESSING_MODE, sizeof addressing, &addressing,
                              nullptr);
    L().next.clGetSamplerInfo(sampler, CL_SAMPLER_FILTER_MODE, sizeof filter, &filter, nullptr);
    L().journal->record({{"type", "sampler"},
                         {"sampler", L().table.addSampler(sampler)},
                         {"normalized", normalized != CL_FALSE},
                         {"addressing", addressing},
                         {"filter", filter}});
}

cl_sampler CL_API_CALL createSampler(cl_context context, cl_bool normalized,
                                     cl_addressing_mode addressing, cl_filter_mode filter,
                                     cl_int* error) {
    TracedCall traced("clCreateSampler");
    cl_sampler sampler = L().next.clCreateSampler(context, normalized, addressing, filter, error);
    if (sampler)
        registerSampler(sampler);
    return sampler;
}

cl_sampler CL_API_CALL createSamplerWithProperties(cl_context context,
                                                   const cl_sampler_properties* properties,
                                                   cl_int* error) {
    TracedCall traced("clCreateSamplerWithProperties");
    cl_sampler sampler = L().next.clCreateSamplerWithProperties(context, properties, error);
    if (sampler)
        registerSampler(sampler);
    return sampler;
}

cl_int CL_API_CALL releaseSampler(cl_sampler sampler) {
    TracedCall traced("clReleaseSampler");
    if (referenceCount(sampler, L().next.clGetSamplerInfo, CL_SAMPLER_REFERENCE_COUNT) == 1)
        L().table.forget(sampler);
    return L().next.clReleaseSampler(sampler);
}

// ---- launches

cl_int CL_API_CALL enqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel,
                                        cl_uint dimensions, const size_t* offset,
                                        const size_t* global, const size_t* local, cl_uint waits,
                                        const cl_event* waitList, cl_event* event) {
    TracedCall traced("clEnqueueNDRangeKernel");
    traced.queue = L().table.queueId(queue);
    traced.detail = nlohmann::json{{"k", L().table.kernelName(kernel)}}.dump().substr(1);
    traced.detail.pop_back();
    CommandEvent command(event);
    const cl_int status = L().recorder->launch(
        queue, kernel, {dimensions, offset, global, local}, waits, waitList, [&] {
            return L().next.clEnqueueNDRangeKernel(queue, kernel, dimensions, offset, global, local,
                                                   waits, waitList, command.pointer());
        });
    traced.event = command.kept(status);
    return status;
}

cl_int CL_API_CALL enqueueTask(cl_command_queue queue, cl_kernel kernel, cl_uint waits,
                               const cl_event* waitList, cl_event* event) {
    TracedCall traced("clEnqueueTask");
    traced.queue = L().table.queueId(queue);
    traced.detail = nlohmann::json{{"k", L().table.kernelName(kernel)}}.dump().substr(1);
    traced.detail.pop_back();
    CommandEvent command(event);
    static const size_t one = 1;
    const cl_int status =
        L().recorder->launch(queue, kernel, {1, nullptr, &one, &one}, waits, waitList, [&] {
            return L().next.clEnqueueTask(queue, kernel, waits, waitList, command.pointer());
        });
    traced.event = command.kept(status);
    return status;
}

} // namespace

void installHooks(cl_icd_dispatch& table) {
    // Only where the loader has the call: a hook of a call it lacks would never be reached.
#define CLW_HOOK(call, hook)                                                                       \
    if (table.call)                                                                                \
        table.call = hook;
    CLW_HOOK(clCreateCommandQueue, createCommandQueue)
    CLW_HOOK(clCreateCommandQueueWithProperties, createCommandQueueWithProperties)
    CLW_HOOK(clGetCommandQueueInfo, getCommandQueueInfo)
    CLW_HOOK(clReleaseCommandQueue, releaseCommandQueue)
    CLW_HOOK(clFinish, finish)
    CLW_HOOK(clWaitForEvents, waitForEvents)
    CLW_HOOK(clCreateProgramWithSource, createProgramWithSource)
    CLW_HOOK(clCreateProgramWithIL, createProgramWithIL)
    CLW_HOOK(clCreateProgramWithBinary, createProgramWithBinary)
    CLW_HOOK(clCreateProgramWithBuiltInKernels, createProgramWithBuiltInKernels)
    CLW_HOOK(clBuildProgram, buildProgram)
    CLW_HOOK(clCompileProgram, compileProgram)
    CLW_HOOK(clLinkProgram, linkProgram)
    CLW_HOOK(clReleaseProgram, releaseProgram)
    CLW_HOOK(clCreateKernel, createKernel)
    CLW_HOOK(clCreateKernelsInProgram, createKernelsInProgram)
    CLW_HOOK(clCloneKernel, cloneKernel)
    CLW_HOOK(clSetKernelArg, setKernelArg)
    CLW_HOOK(clSetKernelArgSVMPointer, setKernelArgSVMPointer)
    CLW_HOOK(clReleaseKernel, releaseKernel)
    CLW_HOOK(clCreateBuffer, createBuffer)
    CLW_HOOK(clCreateBufferWithProperties, createBufferWithProperties)
    CLW_HOOK(clCreateSubBuffer, createSubBuffer)
    CLW_HOOK(clCreateImage, createImage)
    CLW_HOOK(clCreateImageWithProperties, createImageWithProperties)
    CLW_HOOK(clCreateImage2D, createImage2D)
    CLW_HOOK(clCreateImage3D, createImage3D)
    CLW_HOOK(clCreatePipe, createPipe)
    CLW_HOOK(clReleaseMemObject, releaseMemObject)
    CLW_HOOK(clCreateSampler, createSampler)
    CLW_HOOK(clCreateSamplerWithProperties, createSamplerWithProperties)
    CLW_HOOK(clReleaseSampler, releaseSampler)
    CLW_HOOK(clEnqueueNDRangeKernel, enqueueNDRangeKernel)
    CLW_HOOK(clEnqueueTask, enqueueTask)
#undef CLW_HOOK
}

} // namespace clw::capture
