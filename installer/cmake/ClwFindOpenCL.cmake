# Finds OpenCL (target OpenCL::OpenCL) on each system the workbench is packaged for, and records
# in CLW_OPENCL_FIND_DEPENDENCY how an installed clw_engine package must find it again.
#
# - Linux: the ICD loader (Debian: ocl-icd-opencl-dev), through CMake's FindOpenCL.
# - Windows: the Khronos OpenCL ICD loader (OpenCL.lib, OpenCL.dll). First the Khronos
#   OpenCL-SDK's own package (OpenCLICDLoaderConfig.cmake: set OpenCLICDLoader_DIR or put the SDK
#   on CMAKE_PREFIX_PATH), then FindOpenCL, which vcpkg's "opencl" port answers through the vcpkg
#   toolchain file and which also looks at CUDA_PATH, INTELOCLSDKROOT, AMDAPPSDKROOT and OCL_ROOT.
#   OPENCL_SDK_ROOT (environment) is passed on as a hint for a Khronos SDK unpacked anywhere.
# - macOS: the system OpenCL framework (FindOpenCL finds OpenCL.framework in the SDK).
set(CLW_OPENCL_FIND_DEPENDENCY "find_dependency(OpenCL)")
if(TARGET OpenCL::OpenCL)
    return()
endif()

if(WIN32)
    if(NOT OpenCL_ROOT AND DEFINED ENV{OPENCL_SDK_ROOT})
        set(OpenCL_ROOT "$ENV{OPENCL_SDK_ROOT}")
    endif()
    find_package(OpenCLICDLoader CONFIG QUIET HINTS "${OpenCL_ROOT}")
    if(OpenCLICDLoader_FOUND AND TARGET OpenCL::OpenCL)
        message(STATUS "OpenCL: Khronos ICD loader package in ${OpenCLICDLoader_DIR}")
        set(CLW_OPENCL_FIND_DEPENDENCY "find_dependency(OpenCLICDLoader CONFIG)")
        return()
    endif()
endif()

find_package(OpenCL REQUIRED)
if(APPLE)
    message(STATUS "OpenCL: framework ${OpenCL_LIBRARY}")
else()
    message(STATUS "OpenCL: ICD loader ${OpenCL_LIBRARY}")
endif()
