// The child process of engine.fakedriver: uses every platform it is given through the engine as
// a device host would (probe, build, transfer, launch) and prints what it saw, one line a step,
// flushed, so that the parent can tell how far it came before a fault the fake driver was asked
// for (CLW_FAKE_CL_FAULT) stopped it. Exits 0 when every step ran, 1 on an engine error.
#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/InfoValue.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Platform.h"
#include "clw/engine/runtime/Program.h"

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

using namespace clw::engine;

namespace {

constexpr const char* kSource = "kernel void add(global int* a, global const int* b) {\n"
                                "    a[get_global_id(0)] += b[get_global_id(0)];\n"
                                "}\n"
                                "__kernel void scale(__global float* x, float factor) {\n"
                                "    x[get_global_id(0)] *= factor;\n"
                                "}\n";

void say(const std::string& line) {
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
}

std::string join(const std::vector<std::string>& items) {
    std::string text;
    for (const std::string& item : items)
        text += (text.empty() ? "" : ";") + item;
    return text;
}

void run() {
    say("step platforms");
    const std::vector<Platform> platforms = Platform::all();
    for (const Platform& platform : platforms)
        say("platform " + platform.name() + " | " + platform.vendor() + " | " + platform.version());
    if (platforms.empty())
        throw ClError(CL_PLATFORM_NOT_FOUND_KHR, "clGetPlatformIDs", "finding a platform");

    say("step devices");
    const std::vector<Device> devices = platforms.front().devices();
    for (const Device& device : devices) {
        say("device " + device.name() + " | " + device.typeName() + " | " +
            device.info<CL_DEVICE_VERSION>());
        // The parameters of OpenCL 1.2 and before are numbered 0x1000 to 0x1049.
        std::vector<std::string> unanswered;
        for (const InfoValue& value : device.allInfo())
            if (!value.supported() && value.param->id >= 0x1000 && value.param->id <= 0x1049)
                unanswered.push_back(value.param->name);
        say("device info unanswered of OpenCL 1.2: " +
            (unanswered.empty() ? std::string("none") : join(unanswered)));
    }
    if (devices.empty())
        throw ClError(CL_DEVICE_NOT_FOUND, "clGetDeviceIDs", "finding a device");
    const Device& device = devices.front();

    say("step context");
    const Context context(device);
    const CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    say("step build");
    const Program program = Program::fromSource(context, kSource);
    const BuildResult built = program.build("-cl-std=CL1.2");
    say(std::string("build ") + (built.ok() ? "ok" : "failed") + " kernels " +
        (built.ok() ? join(program.kernelNames()) : std::string()));

    say("step binary");
    const std::vector<Binary> binaries = program.binaries();
    const bool sourceBytes =
        binaries.size() == 1 && std::string(binaries[0].begin(), binaries[0].end()) == kSource;
    const Program fromBinary = Program::fromBinaries(context, {device}, binaries);
    const BuildResult rebuilt = fromBinary.build();
    say(std::string("binary ") + (sourceBytes ? "is the source" : "is not the source") +
        ", rebuilt kernels " + (rebuilt.ok() ? join(fromBinary.kernelNames()) : std::string()));

    say("step buffer");
    std::vector<unsigned char> written(256), read(256);
    for (size_t i = 0; i < written.size(); ++i)
        written[i] = static_cast<unsigned char>(i * 7 + 3);
    const Buffer buffer(context, CL_MEM_READ_WRITE, written.size());
    queue.write(buffer, 0, written.size(), written.data());
    queue.read(buffer, 0, read.size(), read.data());
    say(std::string("roundtrip ") + (read == written ? "equal " : "differs ") +
        std::to_string(read.size()));

    say("step launch");
    const Kernel kernel(program, "add");
    kernel.setArgs(buffer, buffer);
    const Event launched = queue.ndRange(kernel, NDRange(64), NDRange(16));
    launched.wait();
    const ProfilingTimes times = launched.profilingTimes();
    const bool increasing = times.queued < times.submitted && times.submitted < times.started &&
                            times.started < times.ended;
    say(std::string("launch ok times ") + (increasing ? "increasing" : "not increasing"));

    say("step build-error");
    const Program broken = Program::fromSource(context, "#error no such luck\n");
    const BuildResult failed = broken.build();
    const std::string log = failed.devices.empty() ? std::string() : failed.devices.front().log;
    say("build-error " + errorName(failed.code) + " " + log.substr(0, log.find('\n')));
    say("done");
}

} // namespace

int main() {
    try {
        run();
        return 0;
    } catch (const std::exception& error) {
        say(std::string("error ") + error.what());
        return 1;
    }
}
