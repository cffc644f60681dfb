# Finds OpenCL (target OpenCL::OpenCL) on each system the workbench is packaged for, and records
# in CLW_OPENCL_FIND_DEPENDENCY how an installed clw_engine package must find it again.
#
# - Linux: the ICD loader (Debian: ocl-icd-opencl-dev), through CMake's FindOpenCL.
# - Windows: the Khronos OpenCL ICD loader (OpenCL.lib, OpenCL.dll). First the Khronos
#   OpenCL-SDK's own package (OpenCLICDLoaderConfig.cmake: set OpenCLICDLoader_DIR or put the SDK
#   on CMAKE_PREFIX_PATH), then FindOpenCL, which vcpkg's "opencl" port answers through the vcpkg
#   toolchain file and which also looks at CUDA_PATH, INTELOCLSDKROOT, AMDAPPSDKROOT and OCL_ROOT.
#   OPENCL_SDK_ROOT (environment) is passed on as a hint for a Khronos SDK unpacked anywhere.
# - macOS: the system OpenCL framework (FindOpenCL finds OpenCL.framework in the SDK), compiled
#   against the Khronos OpenCL headers (Homebrew: brew install opencl-headers), never the
#   framework's own, which stop at OpenCL 1.2. The engine is written against OpenCL 3.0
#   declarations and looks up what the framework lacks at run time (engine/src/runtime/ClApi.cpp).
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

if(APPLE)
    # Found before FindOpenCL runs, so that it keeps this folder (CL/cl.h) instead of the
    # framework's headers. Homebrew's keg first (it holds only these headers); set
    # OpenCL_INCLUDE_DIR, or OPENCL_HEADERS_ROOT in the environment, for headers elsewhere.
    find_path(OpenCL_INCLUDE_DIR NAMES CL/cl.h
              HINTS ENV OPENCL_HEADERS_ROOT ENV HOMEBREW_PREFIX /opt/homebrew /usr/local
              PATH_SUFFIXES opt/opencl-headers/include include)
    if(NOT OpenCL_INCLUDE_DIR)
        message(FATAL_ERROR "The Khronos OpenCL headers (CL/cl.h) are needed on macOS: "
                            "brew install opencl-headers, or set OpenCL_INCLUDE_DIR")
    endif()
    # A consumer of the installed engine compiles its public headers, so it needs them too.
    set(CLW_OPENCL_FIND_DEPENDENCY
        "find_path(OpenCL_INCLUDE_DIR NAMES CL/cl.h HINTS \"${OpenCL_INCLUDE_DIR}\" ENV OPENCL_HEADERS_ROOT ENV HOMEBREW_PREFIX PATH_SUFFIXES opt/opencl-headers/include include)\n    find_dependency(OpenCL)")
endif()
find_package(OpenCL REQUIRED)
if(APPLE)
    message(STATUS "OpenCL: framework ${OpenCL_LIBRARY}, Khronos headers in ${OpenCL_INCLUDE_DIR}")
else()
    message(STATUS "OpenCL: ICD loader ${OpenCL_LIBRARY}")
endif()
