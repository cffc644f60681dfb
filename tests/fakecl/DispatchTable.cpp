#include "FakeApi.h"
#include "IcdObjects.h"
#include "UnsupportedCall.h"

#include <cstddef>
#include <type_traits>

namespace clw::fakecl {

namespace {

// Every entry of cl_icd.h's table (OpenCL 3.0's) that FakeApi.h does not implement. A header
// with more entries fails the static_assert below until they are listed.
#define CLW_FAKE_UNSUPPORTED_CALLS(X)                                                              \
    X(clSetCommandQueueProperty)                                                                   \
    X(clCreateImage2D)                                                                             \
    X(clCreateImage3D)                                                                             \
    X(clGetImageInfo)                                                                              \
    X(clCreateSampler)                                                                             \
    X(clRetainSampler)                                                                             \
    X(clReleaseSampler)                                                                            \
    X(clGetSamplerInfo)                                                                            \
    X(clUnloadCompiler)                                                                            \
    X(clEnqueueReadImage)                                                                          \
    X(clEnqueueWriteImage)                                                                         \
    X(clEnqueueCopyImage)                                                                          \
    X(clEnqueueCopyImageToBuffer)                                                                  \
    X(clEnqueueCopyBufferToImage)                                                                  \
    X(clEnqueueMapImage)                                                                           \
    X(clEnqueueNativeKernel)                                                                       \
    X(clCreateFromGLBuffer)                                                                        \
    X(clCreateFromGLTexture2D)                                                                     \
    X(clCreateFromGLTexture3D)                                                                     \
    X(clCreateFromGLRenderbuffer)                                                                  \
    X(clGetGLObjectInfo)                                                                           \
    X(clGetGLTextureInfo)                                                                          \
    X(clEnqueueAcquireGLObjects)                                                                   \
    X(clEnqueueReleaseGLObjects)                                                                   \
    X(clGetGLContextInfoKHR)                                                                       \
    X(clEnqueueReadBufferRect)                                                                     \
    X(clEnqueueWriteBufferRect)                                                                    \
    X(clEnqueueCopyBufferRect)                                                                     \
    X(clCreateSubDevicesEXT)                                                                       \
    X(clRetainDeviceEXT)                                                                           \
    X(clReleaseDeviceEXT)                                                                          \
    X(clCreateEventFromGLsyncKHR)                                                                  \
    X(clCreateSubDevices)                                                                          \
    X(clCreateImage)                                                                               \
    X(clCreateProgramWithBuiltInKernels)                                                           \
    X(clCompileProgram)                                                                            \
    X(clLinkProgram)                                                                               \
    X(clEnqueueFillImage)                                                                          \
    X(clEnqueueMigrateMemObjects)                                                                  \
    X(clCreateFromGLTexture)                                                                       \
    X(clCreateFromEGLImageKHR)                                                                     \
    X(clEnqueueAcquireEGLObjectsKHR)                                                               \
    X(clEnqueueReleaseEGLObjectsKHR)                                                               \
    X(clCreateEventFromEGLSyncKHR)                                                                 \
    X(clCreatePipe)                                                                                \
    X(clGetPipeInfo)                                                                               \
    X(clSVMAlloc)                                                                                  \
    X(clSVMFree)                                                                                   \
    X(clEnqueueSVMFree)                                                                            \
    X(clEnqueueSVMMemcpy)                                                                          \
    X(clEnqueueSVMMemFill)                                                                         \
    X(clEnqueueSVMMap)                                                                             \
    X(clEnqueueSVMUnmap)                                                                           \
    X(clCreateSamplerWithProperties)                                                               \
    X(clSetKernelArgSVMPointer)                                                                    \
    X(clSetKernelExecInfo)                                                                         \
    X(clGetKernelSubGroupInfoKHR)                                                                  \
    X(clCloneKernel)                                                                               \
    X(clCreateProgramWithIL)                                                                       \
    X(clEnqueueSVMMigrateMem)                                                                      \
    X(clGetDeviceAndHostTimer)                                                                     \
    X(clGetHostTimer)                                                                              \
    X(clGetKernelSubGroupInfo)                                                                     \
    X(clSetDefaultDeviceCommandQueue)                                                              \
    X(clSetProgramReleaseCallback)                                                                 \
    X(clSetProgramSpecializationConstant)                                                          \
    X(clCreateBufferWithProperties)                                                                \
    X(clCreateImageWithProperties)                                                                 \
    X(clSetContextDestructorCallback)

// The Direct3D and DX9 sharing entries are void* outside Windows, where their headers (which need
// d3d10.h and friends) are left out. Their signatures, with the Direct3D interfaces as void*:
using GetDeviceIdsFromD3d = cl_int(CL_API_CALL*)(cl_platform_id, cl_uint, void*, cl_uint, cl_uint,
                                                 cl_device_id*, cl_uint*);
using CreateFromD3dBuffer = cl_mem(CL_API_CALL*)(cl_context, cl_mem_flags, void*, cl_int*);
using CreateFromD3dTexture = cl_mem(CL_API_CALL*)(cl_context, cl_mem_flags, void*, cl_uint,
                                                  cl_int*);
using AcquireOrReleaseObjects = cl_int(CL_API_CALL*)(cl_command_queue, cl_uint, const cl_mem*,
                                                     cl_uint, const cl_event*, cl_event*);
using GetDeviceIdsFromDx9 = cl_int(CL_API_CALL*)(cl_platform_id, cl_uint, cl_uint*, void*, cl_uint,
                                                 cl_uint, cl_device_id*, cl_uint*);
using CreateFromDx9Surface = cl_mem(CL_API_CALL*)(cl_context, cl_mem_flags, cl_uint, void*, cl_uint,
                                                  cl_int*);

#define CLW_FAKE_WINDOWS_CALLS(X)                                                                  \
    X(clGetDeviceIDsFromD3D10KHR, GetDeviceIdsFromD3d)                                             \
    X(clCreateFromD3D10BufferKHR, CreateFromD3dBuffer)                                             \
    X(clCreateFromD3D10Texture2DKHR, CreateFromD3dTexture)                                         \
    X(clCreateFromD3D10Texture3DKHR, CreateFromD3dTexture)                                         \
    X(clEnqueueAcquireD3D10ObjectsKHR, AcquireOrReleaseObjects)                                    \
    X(clEnqueueReleaseD3D10ObjectsKHR, AcquireOrReleaseObjects)                                    \
    X(clGetDeviceIDsFromD3D11KHR, GetDeviceIdsFromD3d)                                             \
    X(clCreateFromD3D11BufferKHR, CreateFromD3dBuffer)                                             \
    X(clCreateFromD3D11Texture2DKHR, CreateFromD3dTexture)                                         \
    X(clCreateFromD3D11Texture3DKHR, CreateFromD3dTexture)                                         \
    X(clEnqueueAcquireD3D11ObjectsKHR, AcquireOrReleaseObjects)                                    \
    X(clEnqueueReleaseD3D11ObjectsKHR, AcquireOrReleaseObjects)                                    \
    X(clGetDeviceIDsFromDX9MediaAdapterKHR, GetDeviceIdsFromDx9)                                   \
    X(clCreateFromDX9MediaSurfaceKHR, CreateFromDx9Surface)                                        \
    X(clEnqueueAcquireDX9MediaSurfacesKHR, AcquireOrReleaseObjects)                                \
    X(clEnqueueReleaseDX9MediaSurfacesKHR, AcquireOrReleaseObjects)

// A typed entry takes its own typedef's function; a void* entry the one of `Signature`.
template <class Signature, CallName Name, class Entry>
void setUnsupported(Entry& entry) {
    if constexpr (std::is_same_v<Entry, void*>)
        entry = reinterpret_cast<void*>(&UnsupportedCall<Signature, Name>::call);
    else
        entry = &UnsupportedCall<Entry, Name>::call;
}

#define CLW_FAKE_COUNT(...) +1
constexpr std::size_t kFilledEntries = 0 CLW_FAKE_IMPLEMENTED_CALLS(CLW_FAKE_COUNT)
    CLW_FAKE_UNSUPPORTED_CALLS(CLW_FAKE_COUNT) CLW_FAKE_WINDOWS_CALLS(CLW_FAKE_COUNT);
#undef CLW_FAKE_COUNT
static_assert(kFilledEntries * sizeof(void*) == sizeof(cl_icd_dispatch),
              "every entry of the dispatch table is filled, once");

cl_icd_dispatch makeTable() {
    cl_icd_dispatch table{};
#define CLW_FAKE_SET(name) table.name = &fakecl::name;
    CLW_FAKE_IMPLEMENTED_CALLS(CLW_FAKE_SET)
#undef CLW_FAKE_SET
#define CLW_FAKE_SET(name) setUnsupported<cl_api_##name, #name>(table.name);
    CLW_FAKE_UNSUPPORTED_CALLS(CLW_FAKE_SET)
#undef CLW_FAKE_SET
#define CLW_FAKE_SET(name, signature) setUnsupported<signature, #name>(table.name);
    CLW_FAKE_WINDOWS_CALLS(CLW_FAKE_SET)
#undef CLW_FAKE_SET
    return table;
}

} // namespace

const cl_icd_dispatch* dispatchTable() {
    static const cl_icd_dispatch table = makeTable();
    return &table;
}

} // namespace clw::fakecl
