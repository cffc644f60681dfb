// A host program for tests of `clworkbench capture` (Khronos C++ bindings, OpenCL 1.2).
//
//   clw_capture_cpp OUTPUT_DIR
//
// A two-kernel pipeline on one shared buffer: add (c = a + b over 4096 floats, local size 64),
// then square (c = c * c in place). Writes c.bin, c's final contents, to OUTPUT_DIR.
// The device is the first whose platform or device name contains CLW_TEST_DEVICE (any case),
// else the first device of the first platform.
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

const char* const kSource = R"CLC(
__kernel void add(__global const float* a, __global const float* b, __global float* c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}

__kernel void square(__global float* c)
{
    size_t i = get_global_id(0);
    c[i] = c[i] * c[i];
}
)CLC";

constexpr size_t kCount = 4096;
constexpr size_t kLocal = 64;

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    return text;
}

// CLW_TEST_DEVICE: a substring of the platform or device name (any case); else the first.
cl::Device pickDevice() {
    std::vector<cl::Platform> platforms;
    cl::Platform::get(&platforms);
    const char* wantedEnv = std::getenv("CLW_TEST_DEVICE");
    const std::string wanted = wantedEnv ? lower(wantedEnv) : std::string();
    for (const cl::Platform& platform : platforms) {
        std::vector<cl::Device> devices;
        try {
            platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
        } catch (const cl::Error& error) {
            if (error.err() == CL_DEVICE_NOT_FOUND)
                continue;
            throw;
        }
        const std::string platformName = lower(platform.getInfo<CL_PLATFORM_NAME>());
        for (const cl::Device& device : devices) {
            if (wanted.empty() || platformName.find(wanted) != std::string::npos ||
                lower(device.getInfo<CL_DEVICE_NAME>()).find(wanted) != std::string::npos)
                return device;
        }
    }
    throw std::runtime_error(wanted.empty() ? "no OpenCL device"
                                            : "no OpenCL device matches CLW_TEST_DEVICE=" +
                                                  std::string(wantedEnv));
}

void writeOutput(const std::filesystem::path& dir, const std::string& name,
                 const std::vector<float>& values) {
    const std::filesystem::path path = dir / (name + ".bin");
    std::ofstream file(path, std::ios::binary);
    file.write(reinterpret_cast<const char*>(values.data()),
               static_cast<std::streamsize>(values.size() * sizeof(float)));
    if (!file.flush())
        throw std::runtime_error("cannot write " + path.string());
}

int run(const std::filesystem::path& outDir) {
    std::filesystem::create_directories(outDir);
    const cl::Device device = pickDevice();
    std::cout << "device: " << device.getInfo<CL_DEVICE_NAME>() << '\n';

    cl::Context context(device);
    cl::CommandQueue queue(context, device);
    cl::Program program(context, std::string(kSource));
    try {
        program.build(std::vector<cl::Device>{device});
    } catch (const cl::Error&) {
        std::cerr << "build log:\n" << program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device) << '\n';
        throw;
    }

    std::vector<float> a(kCount), b(kCount), c(kCount);
    for (size_t i = 0; i < kCount; ++i) {
        a[i] = static_cast<float>(i % 64) * 0.5f;
        b[i] = 1.0f - static_cast<float>(i / 64) * 0.0625f;
    }
    const size_t bytes = kCount * sizeof(float);
    cl::Buffer aBuf(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, a.data());
    cl::Buffer bBuf(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, b.data());
    cl::Buffer cBuf(context, CL_MEM_READ_WRITE, bytes);

    cl::Kernel add(program, "add");
    add.setArg(0, aBuf);
    add.setArg(1, bBuf);
    add.setArg(2, cBuf);
    queue.enqueueNDRangeKernel(add, cl::NullRange, cl::NDRange(kCount), cl::NDRange(kLocal));

    cl::Kernel square(program, "square");
    square.setArg(0, cBuf);
    queue.enqueueNDRangeKernel(square, cl::NullRange, cl::NDRange(kCount), cl::NDRange(kLocal));

    queue.enqueueReadBuffer(cBuf, CL_TRUE, 0, bytes, c.data());
    queue.finish();
    writeOutput(outDir, "c", c);
    std::printf("c.bin: %zu floats:", c.size());
    for (size_t i = 0; i < 6; ++i)
        std::printf(" %g", c[i]);
    std::printf("\n");
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " OUTPUT_DIR\n";
        return 2;
    }
    try {
        return run(argv[1]);
    } catch (const cl::Error& error) {
        std::cerr << "OpenCL error " << error.err() << " in " << error.what() << '\n';
    } catch (const std::exception& error) {
        std::cerr << "error: " << error.what() << '\n';
    }
    return 1;
}
