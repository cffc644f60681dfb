# engine.linksnoopencl: the engine's objects name no OpenCL entry point at all. Every call goes
# through clApi(), whose entries are looked up in the OpenCL library loaded at the first call
# (engine/src/runtime/ClApi.cpp, ClSymbolLookup*.cpp): a process that makes no OpenCL call (the
# workbench's GUI process, DESIGN.md §2a) never maps the library or a driver, and the engine runs
# with an OpenCL library that lacks the entry points newer than 1.2. A direct call fails here.
# Run as cmake -DNM=... -DLIBRARY=... -P this file.
cmake_minimum_required(VERSION 3.21)

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
set(looksUp FALSE)
foreach(word IN LISTS words)
    string(REGEX REPLACE "@.*" "" word "${word}")
    string(REGEX REPLACE "^_((cl[A-Z])|dlsym)" "\\1" word "${word}")
    if(word MATCHES "^cl[A-Z]")
        list(APPEND undefined "${word}")
    elseif(word STREQUAL "dlsym")
        set(looksUp TRUE)
    endif()
endforeach()
list(REMOVE_DUPLICATES undefined)

# Guards against a listing that passes by being empty (a wrong file, an nm that printed nothing).
if(NOT looksUp)
    message(FATAL_ERROR "${NM} -u ${LIBRARY} lists no dlsym: not the engine library?")
endif()
if(undefined)
    list(JOIN undefined ", " names)
    message(FATAL_ERROR "the engine names OpenCL entry points directly: ${names}. Call them "
                        "through clApi() (engine/include/clw/engine/runtime/ClApi.h).")
endif()
message(STATUS "no OpenCL entry point named: every call goes through clApi()")
