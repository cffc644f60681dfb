// main.cpp of a reproducer folder, second half: comparing, picking the device, the launch.
#include "ReproducerTemplates.h"

namespace clw::engine::reproducer {

std::string mainCppLaunch() {
    return R"CLW(// ---- Comparing: integers exactly; floats equal, both NaN, a few ULPs or rtol apart. ----

double halfAsDouble(uint16_t bits) {
    const int exponent = (bits >> 10) & 0x1f;
    const int mantissa = bits & 0x3ff;
    const double sign = (bits & 0x8000) ? -1.0 : 1.0;
    if (exponent == 0)
        return sign * std::ldexp(mantissa, -24);
    if (exponent == 31)
        return mantissa ? NAN : sign * INFINITY;
    return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

// Element i as a double, and its bits as a signed integer of its width.
double valueAt(const Npy& npy, size_t i, int64_t* bits = nullptr) {
    const unsigned char* at = npy.data.data() + i * npy.itemSize;
    uint64_t raw = 0;
    std::memcpy(&raw, at, npy.itemSize); // little-endian host
    const int shift = int(64 - 8 * npy.itemSize);
    if (bits)
        *bits = shift ? int64_t(raw << shift) >> shift : int64_t(raw);
    if (npy.kind == 'f') {
        if (npy.itemSize == 2)
            return halfAsDouble(uint16_t(raw));
        if (npy.itemSize == 4) {
            float f;
            std::memcpy(&f, at, 4);
            return f;
        }
        double d;
        std::memcpy(&d, at, 8);
        return d;
    }
    if (npy.kind == 'i')
        return double(shift ? int64_t(raw << shift) >> shift : int64_t(raw));
    return double(raw);
}

bool closeEnough(const Npy& got, const Npy& want, size_t i, double rtol, long long ulps) {
    if (std::memcmp(got.data.data() + i * got.itemSize, want.data.data() + i * want.itemSize,
                    got.itemSize) == 0)
        return true;
    if (got.kind != 'f')
        return false;
    int64_t gi = 0, wi = 0;
    const double g = valueAt(got, i, &gi), w = valueAt(want, i, &wi);
    if (std::isnan(g) && std::isnan(w))
        return true;
    if (std::fabs(g - w) <= rtol * std::max(std::fabs(g), std::fabs(w)))
        return true;
    return std::isfinite(g) && std::isfinite(w) && (gi < 0) == (wi < 0) &&
           std::llabs(gi - wi) <= ulps;
}

std::string show(const Npy& npy, size_t i) {
    char text[64];
    int64_t bits = 0;
    const double value = valueAt(npy, i, &bits);
    uint64_t raw = 0;
    std::memcpy(&raw, npy.data.data() + i * npy.itemSize, npy.itemSize);
    if (npy.kind == 'f')
        std::snprintf(text, sizeof text, npy.itemSize == 8 ? "%.17g" : "%.9g", value);
    else if (npy.kind == 'i')
        std::snprintf(text, sizeof text, "%lld", (long long)bits);
    else
        std::snprintf(text, sizeof text, "%llu", (unsigned long long)raw);
    return text;
}

std::string label(const Json& arg) {
    const std::string name = arg["name"].text.empty() ? arg["declaration"].text : arg["name"].text;
    return "argument " + arg["index"].text + " '" + name + "'";
}

// An empty string when they match, else what differs.
std::string compare(const Json& arg, const Npy& got, const Npy& want, const Json& tolerance) {
    if (got.descr() != want.descr() || got.shape != want.shape)
        return label(arg) + ": " + arg["expected"].text + " holds " + want.descr() +
               " data of another shape than the argument's";
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < want.count(); ++i)
        if (!closeEnough(got, want, i, tolerance["rtol"].number(),
                         (long long)tolerance["ulps"].count()) &&
            bad++ == 0)
            first = i;
    if (!bad)
        return {};
    std::string where;
    size_t rest = first;
    for (size_t axis = want.shape.size(); axis-- > 0;) {
        where = std::to_string(rest % want.shape[axis]) + (where.empty() ? "" : ", ") + where;
        rest /= want.shape[axis];
    }
    std::string gotName = arg["expected"].text;
    gotName = "got/" + gotName.replace(gotName.rfind("_expected.npy"), 13, "_got.npy");
#ifdef _WIN32
    std::system(("mkdir \"" + g_dir + "/got\" 2> nul").c_str());
#else
    std::system(("mkdir -p '" + g_dir + "/got'").c_str());
#endif
    writeNpy(gotName, got);
    return label(arg) + ": " + std::to_string(bad) + " of " + std::to_string(want.count()) +
           " values differ; first at [" + where + "]: got " + show(got, first) + ", expected " +
           show(want, first) + " (all of it in " + gotName + ")";
}

// ---- The launch. ----

std::string infoString(cl_platform_id platform, cl_device_id device, cl_uint param) {
    size_t size = 0;
    if (platform)
        clGetPlatformInfo(platform, param, 0, nullptr, &size);
    else
        clGetDeviceInfo(device, param, 0, nullptr, &size);
    std::string text(size, '\0');
    if (platform)
        clGetPlatformInfo(platform, param, size, &text[0], nullptr);
    else
        clGetDeviceInfo(device, param, size, &text[0], nullptr);
    text.resize(std::strlen(text.c_str()));
    return text;
}

std::string lower(std::string text) {
    for (char& c : text)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

cl_device_id pickDevice(const std::string& wanted) {
    cl_uint platformCount = 0;
    clGetPlatformIDs(0, nullptr, &platformCount);
    std::vector<cl_platform_id> platforms(platformCount);
    if (!platformCount || clGetPlatformIDs(platformCount, platforms.data(), nullptr) != CL_SUCCESS)
        throw Failure("no OpenCL platform found");
    std::string names;
    for (cl_platform_id platform : platforms) {
        cl_uint count = 0;
        if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count) != CL_SUCCESS)
            continue; // a platform without devices
        std::vector<cl_device_id> devices(count);
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, devices.data(), nullptr);
        for (cl_device_id device : devices) {
            const std::string platformName = infoString(platform, nullptr, CL_PLATFORM_NAME);
            const std::string deviceName = infoString(nullptr, device, CL_DEVICE_NAME);
            const std::string both = platformName + " " + deviceName;
            if (wanted.empty() || lower(both).find(lower(wanted)) != std::string::npos) {
                std::printf("device: %s (%s)\n", deviceName.c_str(), platformName.c_str());
                return device;
            }
            names += (names.empty() ? "" : "; ") + platformName + " / " + deviceName;
        }
    }
    if (names.empty())
        throw Failure("no OpenCL device found");
    throw Failure("no OpenCL device matches '" + wanted + "'; there are: " + names);
}

cl_mem_flags memFlags(const std::string& name) {
    return name == "read_only" ? CL_MEM_READ_ONLY
           : name == "write_only" ? CL_MEM_WRITE_ONLY
                                  : CL_MEM_READ_WRITE;
}

std::vector<size_t> sizes(const Json& array) {
    std::vector<size_t> out;
    for (const Json& item : array.items)
        out.push_back(size_t(item.count()));
    return out;
}

// Checks that an input file holds what launch.json says the argument takes.
Npy input(const Json& arg) {
    Npy npy = readNpy(arg["input"].text);
    Npy want;
    want.shape = sizes(arg["shape"]);
    if (npy.shape != want.shape || npy.count() * npy.itemSize != size_t(arg["bytes"].count()))
        throw Failure(label(arg) + ": " + arg["input"].text +
                      " does not have the shape and size launch.json gives");
    return npy;
}

std::vector<unsigned char> fromHex(const std::string& hex) {
    std::vector<unsigned char> bytes;
    for (size_t i = 0; i + 1 < hex.size(); i += 2)
        bytes.push_back(static_cast<unsigned char>(std::strtoul(hex.substr(i, 2).c_str(), nullptr, 16)));
    return bytes;
}

struct Memory {
    cl_mem mem = nullptr;
    const Json* arg = nullptr;
    Npy like; // type and shape of the expected contents
};

int run(const std::string& wanted) {
    const Json launch = JsonParser(readFile("launch.json")).document();
    if (launch["format"].text != "clworkbench.reproducer" || launch["version"].text != "1")
        throw Failure("launch.json is not a version 1 clworkbench.reproducer file");
    cl_device_id device = pickDevice(wanted);
    cl_int error = CL_SUCCESS;
    cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
    check(error, "clCreateContext");
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &error);
    check(error, "clCreateCommandQueue");

    const std::string source = readFile(launch["source"].text);
    const char* text = source.c_str();
    cl_program program = clCreateProgramWithSource(context, 1, &text, nullptr, &error);
    check(error, "clCreateProgramWithSource");
    std::string options = launch["options"].text;
    if (!launch["headers"].items.empty())
        options += g_dir.find(' ') == std::string::npos ? " -I " + g_dir : " -I \"" + g_dir + "\"";
    if (clBuildProgram(program, 1, &device, options.c_str(), nullptr, nullptr) != CL_SUCCESS) {
        size_t size = 0;
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
        std::string log(size, '\0');
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, &log[0], nullptr);
        throw Failure("building " + launch["source"].text + " failed:\n" + log);
    }
    cl_kernel kernel = clCreateKernel(program, launch["kernel"].text.c_str(), &error);
    check(error, "clCreateKernel " + launch["kernel"].text);

    std::map<cl_uint, Memory> memory;
    for (const Json& arg : launch["arguments"].items) {
        const cl_uint index = cl_uint(arg["index"].count());
        const std::string& kind = arg["kind"].text;
        const std::string setting = "setting " + label(arg);
        if (arg.has("same_as")) {
            cl_mem mem = memory.at(cl_uint(arg["same_as"].count())).mem;
            check(clSetKernelArg(kernel, index, sizeof mem, &mem), setting);
        } else if (kind == "buffer" || kind == "image") {
            Npy data = input(arg);
            cl_mem mem = nullptr;
            const cl_mem_flags flags = memFlags(arg["flags"].text) | CL_MEM_COPY_HOST_PTR;
            if (kind == "buffer") {
                mem = clCreateBuffer(context, flags, data.data.size(), data.data.data(), &error);
            } else {
                const std::string type = arg["image_type"].text;
                const std::vector<size_t> region = sizes(arg["region"]);
                cl_image_format format{cl_channel_order(arg["order_code"].count()),
                                       cl_channel_type(arg["type_code"].count())};
                cl_image_desc desc{};
                desc.image_type = type == "image1d"         ? CL_MEM_OBJECT_IMAGE1D
                                  : type == "image1d_array" ? CL_MEM_OBJECT_IMAGE1D_ARRAY
                                  : type == "image2d"       ? CL_MEM_OBJECT_IMAGE2D
                                  : type == "image2d_array" ? CL_MEM_OBJECT_IMAGE2D_ARRAY
                                                            : CL_MEM_OBJECT_IMAGE3D;
                desc.image_width = region[0];
                desc.image_height = type == "image1d_array" ? 1 : region[1];
                desc.image_depth = type == "image3d" ? region[2] : 1;
                desc.image_array_size = type == "image1d_array"   ? region[1]
                                        : type == "image2d_array" ? region[2]
                                                                  : 1;
                mem = clCreateImage(context, flags, &format, &desc, data.data.data(), &error);
            }
            check(error, "creating the memory of " + label(arg));
            check(clSetKernelArg(kernel, index, sizeof mem, &mem), setting);
            data.data.clear();
            memory[index] = {mem, &arg, data};
        } else if (kind == "scalar") {
            const std::vector<unsigned char> bytes = fromHex(arg["hex"].text);
            check(clSetKernelArg(kernel, index, bytes.size(), bytes.data()), setting);
        } else if (kind == "local") {
            check(clSetKernelArg(kernel, index, size_t(arg["bytes"].count()), nullptr), setting);
)CLW"
           R"CLW(        } else if (kind == "sampler") {
            cl_sampler sampler = clCreateSampler(
                context, arg["normalized"].flag ? CL_TRUE : CL_FALSE,
                cl_addressing_mode(arg["addressing_code"].count()),
                cl_filter_mode(arg["filter_code"].count()), &error);
            check(error, "creating the sampler of " + label(arg));
            check(clSetKernelArg(kernel, index, sizeof sampler, &sampler), setting);
        } else if (kind == "null") {
            check(clSetKernelArg(kernel, index, sizeof(cl_mem), nullptr), setting);
        } else {
            throw Failure(label(arg) + ": unknown kind '" + kind + "'");
        }
    }

    const std::vector<size_t> global = sizes(launch["global"]);
    const std::vector<size_t> local = sizes(launch["local"]);
    const std::vector<size_t> offset = sizes(launch["offset"]);
    check(clEnqueueNDRangeKernel(queue, kernel, cl_uint(global.size()),
                                 offset.empty() ? nullptr : offset.data(), global.data(),
                                 local.empty() ? nullptr : local.data(), 0, nullptr, nullptr),
          "clEnqueueNDRangeKernel " + launch["kernel"].text);
    check(clFinish(queue), "running kernel " + launch["kernel"].text);

    std::vector<std::string> problems;
    for (auto& [index, mem] : memory) {
        const Json& arg = *mem.arg;
        const Npy want = readNpy(arg["expected"].text);
        Npy got = mem.like;
        got.data.resize(got.count() * got.itemSize);
        if (arg["kind"].text == "buffer") {
            check(clEnqueueReadBuffer(queue, mem.mem, CL_TRUE, 0, got.data.size(),
                                      got.data.data(), 0, nullptr, nullptr),
                  "reading " + label(arg));
        } else {
            const std::vector<size_t> region = sizes(arg["region"]);
            const size_t origin[3] = {0, 0, 0};
            check(clEnqueueReadImage(queue, mem.mem, CL_TRUE, origin, region.data(), 0, 0,
                                     got.data.data(), 0, nullptr, nullptr),
                  "reading " + label(arg));
        }
        const std::string problem = compare(arg, got, want, launch["tolerance"]);
        if (!problem.empty())
            problems.push_back(problem);
    }
    if (!problems.empty()) {
        for (const std::string& problem : problems)
            std::printf("%s\n", problem.c_str());
        std::printf("NOT reproduced: %zu of %zu arguments differ\n", problems.size(),
                    memory.size());
        return 1;
    }
    std::printf("reproduced: %zu arguments match\n", memory.size());
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const char* dir = std::getenv("CLW_REPRODUCER_DIR");
    g_dir = dir && *dir ? dir : REPRODUCER_DIR;
    const char* device = std::getenv("CLW_DEVICE");
    try {
        return run(argc > 1 ? argv[1] : device ? device : "");
    } catch (const std::exception& failure) {
        std::fprintf(stderr, "error: %s\n", failure.what());
        return 2;
    }
}
)CLW";
}

} // namespace clw::engine::reproducer
