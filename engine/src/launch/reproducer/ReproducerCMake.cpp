// CMakeLists.txt of a reproducer folder.
#include "ReproducerTemplates.h"

namespace clw::engine::reproducer {

std::string cmakeLists() {
    return R"CLW(# Builds the reproducer: C++17 and the plain OpenCL C API (the headers and an ICD loader).
cmake_minimum_required(VERSION 3.10)
project(clworkbench_reproducer CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
    set(CMAKE_BUILD_TYPE Release)
endif()
find_package(OpenCL REQUIRED)
add_executable(reproduce main.cpp)
target_link_libraries(reproduce PRIVATE OpenCL::OpenCL)
# launch.json and the .npy files are read from here (or from $CLW_REPRODUCER_DIR).
target_compile_definitions(reproduce PRIVATE REPRODUCER_DIR="${CMAKE_CURRENT_SOURCE_DIR}")
)CLW";
}

} // namespace clw::engine::reproducer
