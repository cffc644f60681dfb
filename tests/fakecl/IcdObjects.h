#pragma once
// The objects of the fake driver. The ICD loader reads the first word of every handle it is given
// as the driver's dispatch table (cl_khr_icd), so each is a plain struct under the handle's own
// name (cl_context is _cl_context*) whose first member is that pointer: standard layout, checked
// below. A kind tag follows, so that a handle of another type is refused with the
// specification's error instead of being used (and often a released one: the tag is cleared
// before the object is freed).
#include "KernelScan.h"

#include <CL/cl_icd.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace clw::fakecl {

const cl_icd_dispatch* dispatchTable();

enum class Kind : std::uint32_t {
    Released = 0,
    Context = 0xfa4e0001,
    Queue,
    Memory,
    Program,
    Kernel,
    Event,
};

} // namespace clw::fakecl

struct _cl_platform_id {
    const cl_icd_dispatch* dispatch;
};

struct _cl_device_id {
    const cl_icd_dispatch* dispatch;
};

struct _cl_context {
    static constexpr clw::fakecl::Kind kKind = clw::fakecl::Kind::Context;
    const cl_icd_dispatch* dispatch = clw::fakecl::dispatchTable();
    clw::fakecl::Kind kind = kKind;
    std::atomic<cl_uint> references{1};
    std::vector<cl_device_id> devices;
    std::vector<cl_context_properties> properties; // as given, terminator included; empty: none
};

struct _cl_command_queue {
    static constexpr clw::fakecl::Kind kKind = clw::fakecl::Kind::Queue;
    const cl_icd_dispatch* dispatch = clw::fakecl::dispatchTable();
    clw::fakecl::Kind kind = kKind;
    std::atomic<cl_uint> references{1};
    cl_context context = nullptr; // retained
    cl_device_id device = nullptr;
    cl_command_queue_properties properties = 0;
};

using MemDestructorCallback = void(CL_CALLBACK*)(cl_mem, void*);

struct _cl_mem {
    static constexpr clw::fakecl::Kind kKind = clw::fakecl::Kind::Memory;
    const cl_icd_dispatch* dispatch = clw::fakecl::dispatchTable();
    clw::fakecl::Kind kind = kKind;
    std::atomic<cl_uint> references{1};
    cl_context context = nullptr; // retained
    cl_mem_flags flags = 0;
    size_t size = 0;
    // Where the bytes are: `owned`, the caller's memory (CL_MEM_USE_HOST_PTR) or the parent's.
    std::byte* data = nullptr;
    std::unique_ptr<std::byte[]> owned;
    void* hostPtr = nullptr; // what CL_MEM_HOST_PTR answers
    cl_mem parent = nullptr; // a sub-buffer's, retained
    size_t offset = 0;       // a sub-buffer's origin in its parent
    std::atomic<cl_uint> mapCount{0};
    std::mutex callbackMutex; // guards destructorCallbacks
    std::vector<std::pair<MemDestructorCallback, void*>> destructorCallbacks;
};

struct _cl_program {
    static constexpr clw::fakecl::Kind kKind = clw::fakecl::Kind::Program;
    const cl_icd_dispatch* dispatch = clw::fakecl::dispatchTable();
    clw::fakecl::Kind kind = kKind;
    std::atomic<cl_uint> references{1};
    cl_context context = nullptr; // retained
    std::string text;             // the source; for a program from a binary, the binary's bytes
    bool fromBinary = false;
    std::atomic<cl_uint> kernelObjects{0}; // kernels alive: a build is refused while there are any
    std::mutex mutex;                      // guards what a build changes, below
    cl_build_status status = CL_BUILD_NONE;
    std::string options;
    std::string log;
    std::vector<clw::fakecl::KernelDeclaration> kernels; // after a successful build
};

struct _cl_kernel {
    static constexpr clw::fakecl::Kind kKind = clw::fakecl::Kind::Kernel;
    const cl_icd_dispatch* dispatch = clw::fakecl::dispatchTable();
    clw::fakecl::Kind kind = kKind;
    std::atomic<cl_uint> references{1};
    cl_program program = nullptr; // retained
    clw::fakecl::KernelDeclaration declaration;
    // Which arguments clSetKernelArg set. Like the kernel itself, not for two threads at once.
    std::vector<bool> argumentSet;
};

using EventCallback = void(CL_CALLBACK*)(cl_event, cl_int, void*);

struct _cl_event {
    static constexpr clw::fakecl::Kind kKind = clw::fakecl::Kind::Event;
    const cl_icd_dispatch* dispatch = clw::fakecl::dispatchTable();
    clw::fakecl::Kind kind = kKind;
    std::atomic<cl_uint> references{1};
    cl_context context = nullptr;     // retained
    cl_command_queue queue = nullptr; // retained; none for a user event
    cl_command_type commandType = CL_COMMAND_USER;
    std::atomic<cl_int> status{CL_SUBMITTED};
    cl_ulong queued = 0, submitted = 0, started = 0, ended = 0;
    struct Callback {
        cl_int onStatus;
        EventCallback function;
        void* user;
    };
    std::vector<Callback> callbacks; // not yet called; guarded by eventMutex() (EventCalls.h)
};

static_assert(std::is_standard_layout_v<_cl_context> && std::is_standard_layout_v<_cl_mem> &&
                  std::is_standard_layout_v<_cl_command_queue> &&
                  std::is_standard_layout_v<_cl_program> && std::is_standard_layout_v<_cl_kernel> &&
                  std::is_standard_layout_v<_cl_event>,
              "the dispatch pointer must be the first word of every object");

namespace clw::fakecl {

// The one platform and the one device.
cl_platform_id thePlatform();
cl_device_id theDevice();

template <class T>
bool valid(const T* object) {
    return object && object->kind == T::kKind;
}

inline bool validDevice(cl_device_id device) {
    return device == theDevice();
}

// Whether the device is of `type`: CL_SUCCESS, CL_DEVICE_NOT_FOUND or CL_INVALID_DEVICE_TYPE.
cl_int matchDeviceType(cl_device_type type);

// What the last release of each object does (in the file of its calls).
void destroy(cl_context context);
void destroy(cl_command_queue queue);
void destroy(cl_mem memory);
void destroy(cl_program program);
void destroy(cl_kernel kernel);
void destroy(cl_event event);

template <class T>
void retain(T* object) {
    object->references.fetch_add(1, std::memory_order_relaxed);
}

template <class T>
void release(T* object) {
    if (object->references.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        object->kind = Kind::Released;
        destroy(object);
    }
}

// What a call that creates an object returns when it fails: a null handle of any type, with
// *errcode_ret set when the caller asked for it.
struct NullHandle {
    template <class T>
    operator T*() const {
        return nullptr;
    }
};

inline NullHandle failWith(cl_int code, cl_int* errcodeRet) {
    if (errcodeRet)
        *errcodeRet = code;
    return {};
}

template <class T>
T* succeedWith(T* object, cl_int* errcodeRet) {
    if (errcodeRet)
        *errcodeRet = CL_SUCCESS;
    return object;
}

} // namespace clw::fakecl
