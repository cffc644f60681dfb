# engine.linksonlyopencl12: the engine's objects name no OpenCL entry point newer than 1.2, so
# that it links against Apple's OpenCL 1.2 framework or an old ICD loader; those are looked up at
# run time (engine/src/runtime/ClApi.cpp). Run as cmake -DNM=... -DLIBRARY=... -P this file.
#
# Every core function OpenCL 2.0, 2.1, 2.2 and 3.0 added, by version (the specification's
# "Version" notes), not only those the engine uses today, so that a new direct call fails here.
cmake_minimum_required(VERSION 3.21) # IN_LIST

set(later_functions
    # 2.0
    clCreateCommandQueueWithProperties clCreatePipe clGetPipeInfo clSVMAlloc clSVMFree
    clCreateSamplerWithProperties clSetKernelArgSVMPointer clSetKernelExecInfo clEnqueueSVMFree
    clEnqueueSVMMemcpy clEnqueueSVMMemFill clEnqueueSVMMap clEnqueueSVMUnmap
    # 2.1
    clSetDefaultDeviceCommandQueue clGetDeviceAndHostTimer clGetHostTimer clCreateProgramWithIL
    clCloneKernel clGetKernelSubGroupInfo clEnqueueSVMMigrateMem
    # 2.2
    clSetProgramReleaseCallback clSetProgramSpecializationConstant
    # 3.0
    clCreateBufferWithProperties clCreateImageWithProperties clSetContextDestructorCallback)

if(NOT NM OR NOT LIBRARY)
    message(FATAL_ERROR "usage: cmake -DNM=<nm> -DLIBRARY=<libclw_engine.a> -P ${CMAKE_CURRENT_LIST_FILE}")
endif()
execute_process(COMMAND "${NM}" -u "${LIBRARY}"
                OUTPUT_VARIABLE listing ERROR_VARIABLE errors RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "${NM} -u ${LIBRARY} failed (${result}): ${errors}")
endif()

# GNU nm prints "U name" (name@VERSION for a versioned symbol), Apple's nm "_name".
string(REGEX MATCHALL "[_A-Za-z0-9@.]+" words "${listing}")
set(undefined "")
foreach(word IN LISTS words)
    string(REGEX REPLACE "@.*" "" word "${word}")
    string(REGEX REPLACE "^_(cl[A-Z])" "\\1" word "${word}")
    if(word MATCHES "^cl[A-Z]")
        list(APPEND undefined "${word}")
    endif()
endforeach()
list(REMOVE_DUPLICATES undefined)

# Guards against a listing that passes by being empty (a wrong file, an nm that printed nothing).
if(NOT "clGetPlatformIDs" IN_LIST undefined)
    message(FATAL_ERROR "${NM} -u ${LIBRARY} lists no clGetPlatformIDs: not the engine library?")
endif()

set(direct "")
foreach(function IN LISTS later_functions)
    if(function IN_LIST undefined)
        list(APPEND direct "${function}")
    endif()
endforeach()
list(LENGTH undefined count)
if(direct)
    list(JOIN direct ", " names)
    message(FATAL_ERROR "the engine names OpenCL entry points newer than 1.2 directly: ${names}. "
                        "Call them through clApi() and list them in CLW_CL_FUNCTIONS_2_0 ... _3_0 "
                        "(engine/include/clw/engine/ClApi.h), not CLW_CL_FUNCTIONS_1_2.")
endif()
message(STATUS "${count} OpenCL functions referenced, none newer than OpenCL 1.2")
