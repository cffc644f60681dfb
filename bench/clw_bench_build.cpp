// clw_bench_build (issue: builds and the binary cache), one run on one device: raw clBuildProgram
// cold; the engine cold; the engine's warm hit from a new process, along the path it takes for the
// device and along the other (its binary, or the driver's own cache: DriverCacheUse.h), with the
// engine's own share of it; PyOpenCL's own cache hit on the same source; the driver's own kernel
// cache hit in the same process and in a new one; and the driver loading the same program's
// binary in a new process through the raw C API. Issue 20's floor is the fastest of the driver's.
// Then the cache key's hashing (issue 22): SHA-256 of 1 MiB through the engine (libcrypto) against
// the hand-written SHA-256 it replaced, and the key of a 1 MiB source.
#include "BenchOptions.h"
#include "BenchReport.h"
#include "PythonPeer.h"
#include "ReferenceSha256.h"
#include "Stopwatch.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/build/CacheKey.h"
#include "clw/engine/build/Sha256.h"
#include "clw/engine/runtime/DeviceSelection.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

using namespace clw;
using namespace clw::engine;
namespace fs = std::filesystem;

namespace {

// A few kernels with enough code that compiling them takes a while. The nonce is a constant in
// the code, not a comment: PoCL keys its own cache on the preprocessed source, which has no
// comments, so only a change that survives preprocessing makes a build cold.
std::string benchSource(const std::string& nonce) {
    std::string source = "__constant ulong clw_nonce = " + nonce +
                         "UL;\n"
                         "__kernel void nonce(__global ulong* out) { out[0] = clw_nonce; }\n";
    for (int k = 0; k < 6; ++k) {
        const std::string n = std::to_string(k);
        source += "__kernel void blur" + n +
                  "(__global const float* in, __global float* out, int width, int height) {\n"
                  "  int x = get_global_id(0), y = get_global_id(1);\n"
                  "  float sum = 0.0f;\n"
                  "  for (int dy = -2; dy <= 2; ++dy)\n"
                  "    for (int dx = -2; dx <= 2; ++dx) {\n"
                  "      int xx = clamp(x + dx, 0, width - 1), yy = clamp(y + dy, 0, height - 1);\n"
                  "      sum += in[yy * width + xx] * exp(-(float)(dx * dx + dy * dy) / " +
                  std::to_string(2 + k) +
                  ".0f);\n"
                  "    }\n"
                  "  out[y * width + x] = sum / 25.0f + sin((float)x) * cos((float)y);\n"
                  "}\n";
    }
    return source;
}

// A number no earlier run used: the process id and the clock.
std::string uniqueNonce(const char* what) {
    static unsigned counter = 0;
    const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    return std::to_string((std::uint64_t(now) ^ (std::uint64_t(getpid()) << 40)) + ++counter +
                          std::hash<std::string>()(what));
}

double rawBuildSeconds(const Context& context, const Device& device, const std::string& source) {
    bench::Stopwatch clock;
    const char* text = source.c_str();
    const size_t length = source.size();
    cl_int code = CL_SUCCESS;
    cl_program program = clCreateProgramWithSource(context.get(), 1, &text, &length, &code);
    cl_device_id id = device.get();
    code = clBuildProgram(program, 1, &id, "", nullptr, nullptr);
    const double seconds = clock.seconds();
    clReleaseProgram(program);
    if (code != CL_SUCCESS) {
        std::fprintf(stderr, "raw clBuildProgram failed: %s\n", errorName(code).c_str());
        std::exit(1);
    }
    return seconds;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

const char* kPyOpenClHit = R"PY(
device = pick_device()
context = cl.Context([device])
source = open(os.environ["CLW_BENCH_SOURCE"]).read()
cache_dir = os.environ["CLW_BENCH_PYCACHE"]
cl.Program(context, source).build(cache_dir=cache_dir)   # fills PyOpenCL's cache (or hits it)
)PY";

const char* kPyOpenClTimedHit = R"PY(
device = pick_device()
context = cl.Context([device])
source = open(os.environ["CLW_BENCH_SOURCE"]).read()
cache_dir = os.environ["CLW_BENCH_PYCACHE"]
start = time.perf_counter()
cl.Program(context, source).build(cache_dir=cache_dir)
print("pyopencl_hit_s", time.perf_counter() - start)
)PY";

// A word for what answered a build, for a child's line.
const char* answerWord(BuildAnswer answer) {
    switch (answer) {
    case BuildAnswer::Compiler:
        return "compiler";
    case BuildAnswer::Memory:
        return "memory";
    case BuildAnswer::EngineBinary:
        return "engine-binary";
    case BuildAnswer::DriverCache:
        return "driver-cache";
    }
    return "compiler";
}

// The child of the warm-hit measurement: a new process with an empty in-memory layer. Prints the
// build's time, whether a cache answered, the engine's own share of it (all but the driver's
// clCreateProgram* + clBuildProgram: what the engine adds on top of the driver) and what answered.
int warmChild(const std::string& deviceName, const std::string& folder, const std::string& file) {
    auto device = findDevice(deviceName);
    if (!device)
        return 1;
    Context context(*device);
    FILE* input = std::fopen(file.c_str(), "rb");
    std::string source;
    for (int c; input && (c = std::fgetc(input)) != EOF;)
        source += char(c);
    if (input)
        std::fclose(input);
    BuildService::Settings settings;
    settings.cacheFolder = folder;
    BuildService service(settings);
    BuildRequest request;
    request.context = context;
    request.devices = {*device};
    request.sources = SourceSet::single(source);
    bench::Stopwatch clock;
    const BuildOutcome outcome = service.build(request);
    const double seconds = clock.seconds();
    const double engineShare = (outcome.timings.totalMs - outcome.timings.driverMs) / 1e3;
    std::printf("warm_hit_s %.9f %d %.9f %s\n", seconds, outcome.allFromCache() ? 1 : 0,
                engineShare,
                outcome.devices.empty() ? "none" : answerWord(outcome.devices[0].answeredBy));
    return outcome.ok() ? 0 : 1;
}

// The whole of a file, read into one allocation of its size.
std::vector<unsigned char> fileBytes(const std::string& file) {
    std::error_code error;
    const std::uintmax_t size = fs::file_size(file, error);
    std::vector<unsigned char> bytes(error ? 0 : size_t(size));
    if (FILE* input = std::fopen(file.c_str(), "rb")) {
        bytes.resize(std::fread(bytes.data(), 1, bytes.size(), input));
        std::fclose(input);
    }
    return bytes;
}

// The child of the floor measurement: clCreateProgramWithBinary + clBuildProgram of a stored
// binary, raw, in a new process (the driver's share of every warm hit). The binary is read in one
// allocation of its size, as a program reads a file it knows the size of. `bytewise` reads it as
// this benchmark did before, a byte at a time into a growing vector: the buffers the vector frees
// as it grows leave the process with heap memory already touched, which the driver's own
// allocations then reuse, and PoCL's load measured about 0.1 ms faster after it (as after
// growing any vector of that size first). Neither the engine's process nor a plain reader has
// that state: the plain read is the floor, the bytewise one a figure beside it.
int binaryChild(const std::string& deviceName, const std::string& file, bool bytewise) {
    auto device = findDevice(deviceName);
    if (!device)
        return 1;
    Context context(*device);
    std::vector<unsigned char> binary;
    if (bytewise) {
        FILE* input = std::fopen(file.c_str(), "rb");
        for (int c; input && (c = std::fgetc(input)) != EOF;)
            binary.push_back((unsigned char)c);
        if (input)
            std::fclose(input);
    } else {
        binary = fileBytes(file);
    }
    const unsigned char* data = binary.data();
    const size_t size = binary.size();
    cl_device_id id = device->get();
    bench::Stopwatch clock;
    cl_int status = CL_SUCCESS, code = CL_SUCCESS;
    cl_program program =
        clCreateProgramWithBinary(context.get(), 1, &id, &size, &data, &status, &code);
    if (code == CL_SUCCESS)
        code = clBuildProgram(program, 1, &id, "", nullptr, nullptr);
    const double seconds = clock.seconds();
    if (program)
        clReleaseProgram(program);
    std::printf("binary_load_s %.9f %d\n", seconds, code == CL_SUCCESS ? 1 : 0);
    return code == CL_SUCCESS ? 0 : 1;
}

// The child of the driver's own cache hit in a new process: clCreateProgramWithSource +
// clBuildProgram, raw, of a source the driver has built before.
int sourceChild(const std::string& deviceName, const std::string& file) {
    auto device = findDevice(deviceName);
    if (!device)
        return 1;
    Context context(*device);
    const std::vector<unsigned char> bytes = fileBytes(file);
    const std::string source(bytes.begin(), bytes.end());
    bench::Stopwatch clock;
    const char* text = source.c_str();
    const size_t length = source.size();
    cl_int code = CL_SUCCESS;
    cl_program program = clCreateProgramWithSource(context.get(), 1, &text, &length, &code);
    cl_device_id id = device->get();
    if (code == CL_SUCCESS)
        code = clBuildProgram(program, 1, &id, "", nullptr, nullptr);
    const double seconds = clock.seconds();
    if (program)
        clReleaseProgram(program);
    std::printf("source_build_s %.9f %d\n", seconds, code == CL_SUCCESS ? 1 : 0);
    return code == CL_SUCCESS ? 0 : 1;
}

// The driver's binary of a program built from `source`, through the raw C API.
std::vector<unsigned char> rawBinary(const Context& context, const Device& device,
                                     const std::string& source) {
    const char* text = source.c_str();
    const size_t length = source.size();
    cl_int code = CL_SUCCESS;
    cl_program program = clCreateProgramWithSource(context.get(), 1, &text, &length, &code);
    cl_device_id id = device.get();
    clBuildProgram(program, 1, &id, "", nullptr, nullptr);
    size_t size = 0;
    clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr);
    std::vector<unsigned char> binary(size);
    unsigned char* target = binary.data();
    clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof target, &target, nullptr);
    clReleaseProgram(program);
    return binary;
}

// What children printed: the median of their seconds and of their engine's share, and what
// answered the last one's build.
struct ChildFigures {
    double seconds = NAN;
    double engineShare = NAN;
    std::string answer;
};

// Runs `command` in a new process `times` times; each prints `label`, its seconds, 1 when it
// did what was measured, and (the warm child) the engine's share and what answered. Seconds are
// NAN when one failed.
ChildFigures childFigures(const std::string& command, const char* label, int times) {
    std::vector<double> seconds, shares;
    ChildFigures figures;
    for (int i = 0; i < times; ++i) {
        FILE* child = popen(command.c_str(), "r");
        char line[512] = {};
        const bool got = child && std::fgets(line, sizeof line, child);
        if (child)
            pclose(child);
        char name[64] = {}, answer[64] = {};
        double value = 0, share = NAN;
        int ok = 0;
        const int fields =
            got ? std::sscanf(line, "%63s %lf %d %lf %63s", name, &value, &ok, &share, answer) : 0;
        if (fields < 3 || std::strcmp(name, label) != 0 || !ok)
            return {};
        seconds.push_back(value);
        if (fields >= 4)
            shares.push_back(share);
        if (fields >= 5)
            figures.answer = answer;
    }
    figures.seconds = median(seconds);
    if (!shares.empty())
        figures.engineShare = median(shares);
    return figures;
}

double medianOfChildren(const std::string& command, const char* label, int times) {
    return childFigures(command, label, times).seconds;
}

// The median time of one store into a cache folder that holds `entries` entries of 1 KiB.
double storeSecondsAt(const fs::path& folder, int entries) {
    BinaryCache cache(folder, std::uint64_t(1) << 40);
    const Binary binary(1024, 0x5a);
    auto keyFor = [](const std::string& name) { return CacheKey::fromFields({{"bench", name}}); };
    for (int i = 0; i < entries; ++i)
        cache.store(keyFor("fill" + std::to_string(i)), binary, "");
    std::vector<double> seconds;
    for (int i = 0; i < 51; ++i) {
        bench::Stopwatch clock;
        cache.store(keyFor("timed" + std::to_string(i)), binary, "");
        seconds.push_back(clock.seconds());
    }
    return median(seconds);
}

// A kernel source of exactly 1 MiB: the kernels above, repeated.
std::string mebibyteSource() {
    std::string source;
    for (int i = 0; source.size() < (std::size_t(1) << 20); ++i)
        source += benchSource(std::to_string(i));
    source.resize(std::size_t(1) << 20);
    return source;
}

struct HashFigures {
    double libcryptoOverHandwritten = 0; // throughput ratio
    bool sameDigest = false;
};

// SHA-256 of 1 MiB through the engine and through the hand-written peer, taking turns, and the
// binary cache key of a 1 MiB source (its SHA-256, the device's identity and the key fields).
HashFigures measureHashing(const Device& device, bool quick) {
    const std::string source = mebibyteSource();
    const int times = quick ? 5 : 51;
    std::vector<double> engineSeconds, referenceSeconds, keySeconds;
    Sha256::Digest engineDigest{}, referenceDigest{};
    std::string keySourceField;
    for (int i = 0; i < times; ++i) {
        bench::Stopwatch clock;
        Sha256 engineHash;
        engineHash.update(source);
        engineDigest = engineHash.finish();
        engineSeconds.push_back(clock.seconds());
        clock.restart();
        bench::ReferenceSha256 referenceHash;
        referenceHash.update(source.data(), source.size());
        referenceDigest = referenceHash.finish();
        referenceSeconds.push_back(clock.seconds());
        clock.restart();
        const CacheKey key = CacheKey::make(device, "", source, {});
        keySeconds.push_back(clock.seconds());
        for (const auto& [name, value] : key.fields)
            if (name == "source.sha256")
                keySourceField = value;
    }
    HashFigures figures;
    figures.sameDigest =
        engineDigest == referenceDigest && keySourceField == Sha256::hex(referenceDigest);
    if (!figures.sameDigest)
        std::fprintf(stderr,
                     "MISMATCH: SHA-256 of the 1 MiB source: engine %s, hand-written %s, cache "
                     "key's source.sha256 %s\n",
                     Sha256::hex(engineDigest).c_str(), Sha256::hex(referenceDigest).c_str(),
                     keySourceField.c_str());
    const double engine = median(engineSeconds), reference = median(referenceSeconds);
    const double key = median(keySeconds);
    bench::printFigure("sha256_1MiB_libcrypto", 1 / engine, "MiB/s");
    bench::printFigure("sha256_1MiB_handwritten", 1 / reference, "MiB/s");
    bench::printFigure("sha256_libcrypto_over_handwritten", reference / engine, "x");
    bench::printFigure("cache_key_1MiB_source", key * 1e6, "us");
    // What the whole key costs now against what hashing its source alone cost before.
    bench::printFigure("cache_key_1MiB_over_handwritten_sha256_1MiB", key / reference, "x");
    figures.libcryptoOverHandwritten = reference / engine;
    return figures;
}

} // namespace

int main(int argc, char** argv) {
    if (argc == 5 && !std::strcmp(argv[1], "--warm-child"))
        return warmChild(argv[2], argv[3], argv[4]);
    if ((argc == 4 || argc == 5) && !std::strcmp(argv[1], "--binary-child"))
        return binaryChild(argv[2], argv[3], argc == 5 && !std::strcmp(argv[4], "bytewise"));
    if (argc == 4 && !std::strcmp(argv[1], "--source-child"))
        return sourceChild(argv[2], argv[3]);
    const auto options = bench::parseBenchOptions(
        argc, argv,
        "Builds: raw clBuildProgram cold vs the engine cold, warm hit from a new process, "
        "PyOpenCL's cache hit and the driver's own cache hit");
    const Device device = bench::requireDevice(options);
    Context context(device);
    const int rounds =
        options.quick ? 1 : 5; // cold builds vary by tens of percent: a median of five

    const fs::path work =
        fs::temp_directory_path() / ("clw_bench_build_" + std::to_string(getpid()));
    fs::create_directories(work);

    // Cold builds: a new nonce each time so neither the driver nor a cache has seen the source.
    // Raw and engine take turns going first, so that neither always follows the other's build.
    std::vector<double> raw, engineCold;
    rawBuildSeconds(context, device, benchSource(uniqueNonce("warm-up"))); // the compiler's start
    for (int i = 0; i < rounds; ++i) {
        BuildService::Settings settings;
        settings.cacheFolder = work / ("cold" + std::to_string(i));
        BuildService service(settings);
        BuildRequest request;
        request.context = context;
        request.devices = {device};
        request.sources = SourceSet::single(benchSource(uniqueNonce("engine")));
        auto engineBuild = [&] {
            bench::Stopwatch clock;
            const BuildOutcome outcome = service.build(request); // ready before binaries are cached
            engineCold.push_back(clock.seconds());
            if (!outcome.ok()) {
                std::fprintf(stderr, "engine build failed: %s\n", outcome.error.c_str());
                std::exit(1);
            }
        };
        if (i % 2)
            engineBuild();
        raw.push_back(rawBuildSeconds(context, device, benchSource(uniqueNonce("raw"))));
        if (i % 2 == 0)
            engineBuild();
    }
    const double rawCold = median(raw), coldEngine = median(engineCold);
    bench::printFigure("raw_clBuildProgram_cold", rawCold * 1e3, "ms");
    bench::printFigure("engine_cold", coldEngine * 1e3, "ms");

    // The driver's own kernel cache: the same source built again in this process.
    const std::string driverSource = benchSource(uniqueNonce("driver"));
    rawBuildSeconds(context, device, driverSource);
    std::vector<double> driverHits;
    for (int i = 0; i < 5; ++i)
        driverHits.push_back(rawBuildSeconds(context, device, driverSource));
    const double driverHit = median(driverHits);
    bench::printFigure("driver_cache_hit", driverHit * 1e3, "ms");

    // Warm hit from a new process: fill the cache, then time the build inside fresh processes.
    const std::string warmSource = benchSource(uniqueNonce("warm"));
    const fs::path sourceFile = work / "warm.cl";
    FILE* out = std::fopen(sourceFile.c_str(), "wb");
    std::fwrite(warmSource.data(), 1, warmSource.size(), out);
    std::fclose(out);
    {
        BuildService::Settings settings;
        settings.cacheFolder = work / "warm";
        BuildService service(settings);
        BuildRequest request;
        request.context = context;
        request.devices = {device};
        request.sources = SourceSet::single(warmSource);
        service.build(request);
    } // the destructor waits for the binary to be written
    const std::string self = std::string("'") + argv[0] + "'";
    const std::string warmChildCommand = " --warm-child '" + device.name() + "' '" +
                                         (work / "warm").string() + "' '" + sourceFile.string() +
                                         "'";

    // The floor's binary: the driver alone loading the same program's binary in a new process.
    const fs::path binaryFile = work / "warm.bin";
    const std::vector<unsigned char> binary = rawBinary(context, device, warmSource);
    FILE* binaryOut = std::fopen(binaryFile.c_str(), "wb");
    std::fwrite(binary.data(), 1, binary.size(), binaryOut);
    std::fclose(binaryOut);

    // The engine's warm hit and the driver's binary load (read plainly, and bytewise) take turns,
    // so that all see the machine alike (other work on it moves each by tens of percent). Nine
    // rounds left the ratio of the medians moving by 10 % from run to run on the H100; 25 hold it
    // within a few percent.
    std::vector<double> warmTimes, binaryTimes, bytewiseTimes, warmShares;
    std::string warmAnswer;
    const int warmRounds = options.quick ? 5 : 25;
    for (int i = 0; i < warmRounds; ++i) {
        const ChildFigures warm = childFigures(self + warmChildCommand, "warm_hit_s", 1);
        if (std::isnan(warm.seconds)) {
            std::fprintf(stderr, "the warm-hit child did not report a cache hit\n");
            return 1;
        }
        warmTimes.push_back(warm.seconds);
        warmShares.push_back(warm.engineShare);
        warmAnswer = warm.answer;
        const std::string binaryChild =
            self + " --binary-child '" + device.name() + "' '" + binaryFile.string() + "'";
        const double load = medianOfChildren(binaryChild, "binary_load_s", 1);
        if (!std::isnan(load))
            binaryTimes.push_back(load);
        const double bytewise = medianOfChildren(binaryChild + " bytewise", "binary_load_s", 1);
        if (!std::isnan(bytewise))
            bytewiseTimes.push_back(bytewise);
    }
    const double warmHit = median(warmTimes);
    const double binaryLoad = binaryTimes.size() == warmTimes.size() ? median(binaryTimes) : NAN;
    std::printf("the warm hit was answered by %s (CLW_DRIVER_CACHE %s)\n", warmAnswer.c_str(),
                std::getenv("CLW_DRIVER_CACHE") ? std::getenv("CLW_DRIVER_CACHE") : "unset");
    bench::printFigure("engine_warm_hit_new_process", warmHit * 1e3, "ms");
    bench::printFigure("engine_warm_hit_engine_share", median(warmShares) * 1e3, "ms");
    if (!std::isnan(binaryLoad)) {
        bench::printFigure("driver_binary_load_new_process", binaryLoad * 1e3, "ms");
        bench::printFigure("engine_warm_over_binary_load", (warmHit - binaryLoad) * 1e3, "ms");
    }
    if (bytewiseTimes.size() == warmTimes.size()) {
        const double bytewise = median(bytewiseTimes);
        bench::printFigure("driver_binary_load_bytewise_read", bytewise * 1e3, "ms");
        bench::printFigure("engine_warm_over_bytewise_binary_load", warmHit / bytewise, "x");
    }

    // The driver's own cache answering a new process, and the engine's warm hit along the path
    // it did not take: its binary where it left the build to the driver's cache, and the other
    // way round. On the driver's path, the engine's share is what it adds to the driver's build.
    const double driverHitNewProcess = medianOfChildren(self + " --source-child '" + device.name() +
                                                            "' '" + sourceFile.string() + "'",
                                                        "source_build_s", 5);
    if (!std::isnan(driverHitNewProcess))
        bench::printFigure("driver_cache_hit_new_process", driverHitNewProcess * 1e3, "ms");
    const bool tookDriverPath = warmAnswer == "driver-cache";
    const ChildFigures otherPath =
        childFigures(std::string("CLW_DRIVER_CACHE=") + (tookDriverPath ? "engine " : "driver ") +
                         self + warmChildCommand,
                     "warm_hit_s", 5);
    const ChildFigures taken{warmHit, median(warmShares), warmAnswer};
    const ChildFigures binaryPath = tookDriverPath ? otherPath : taken;
    const ChildFigures driverPath = tookDriverPath ? taken : otherPath;
    if (!std::isnan(binaryPath.seconds))
        bench::printFigure("engine_warm_by_engine_binary", binaryPath.seconds * 1e3, "ms");
    if (!std::isnan(driverPath.seconds)) {
        bench::printFigure("engine_warm_by_driver_cache", driverPath.seconds * 1e3, "ms");
        bench::printFigure("engine_share_on_driver_cache_path", driverPath.engineShare * 1e3, "ms");
    }

    // PyOpenCL's cache on the same source, timed in a second process.
    setenv("CLW_BENCH_SOURCE", sourceFile.c_str(), 1);
    setenv("CLW_BENCH_PYCACHE", (work / "pyopencl").c_str(), 1);
    double pyopenclHit = NAN;
    if (bench::runPythonPeer(kPyOpenClHit, device.name())) {
        std::vector<double> hits;
        for (int i = 0; i < 3; ++i)
            if (auto peer = bench::runPythonPeer(kPyOpenClTimedHit, device.name());
                peer && peer->count("pyopencl_hit_s"))
                hits.push_back(peer->at("pyopencl_hit_s"));
        if (!hits.empty())
            pyopenclHit = median(hits);
    }
    if (!std::isnan(pyopenclHit))
        bench::printFigure("pyopencl_cache_hit", pyopenclHit * 1e3, "ms");
    bench::printFigure("engine_cold_over_raw", coldEngine / rawCold, "x");
    bench::printFigure("driver_hit_over_engine_warm", driverHit / warmHit, "x");
    if (!std::isnan(binaryLoad)) // what a cache costing nothing on top of the driver would reach
        bench::printFigure("driver_hit_over_binary_load", driverHit / binaryLoad, "x");
    // The fastest way the driver itself offers to a new process, as the engine's warm hit is
    // timed: its own cache's hit in a new process, or its binary load in one. The hit within one
    // process (driver_cache_hit) is shown beside it but is no floor for a new process: NVIDIA's
    // answers there in 1.5 to 2.5 ms but needs about 5.8 ms in a new one.
    double driverFloor = NAN;
    for (const double figure : {binaryLoad, driverHitNewProcess})
        if (!std::isnan(figure))
            driverFloor = std::isnan(driverFloor) ? figure : std::min(driverFloor, figure);
    if (std::isnan(driverFloor))
        driverFloor = driverHit;
    bench::printFigure("driver_floor", driverFloor * 1e3, "ms");
    bench::printFigure("engine_warm_over_driver_floor", warmHit / driverFloor, "x");

    // Storing in a large cache: the folder's size is recorded, not walked at every store.
    const double storeSmall = storeSecondsAt(work / "store-100", 100);
    const double storeLarge = storeSecondsAt(work / "store-100000", 100000);
    bench::printFigure("cache_store_at_100_entries", storeSmall * 1e6, "us");
    bench::printFigure("cache_store_at_100000_entries", storeLarge * 1e6, "us");
    bench::printFigure("cache_store_100000_over_100", storeLarge / storeSmall, "x");

    const HashFigures hashing = measureHashing(device, options.quick);

    bench::printGoal("engine_cold_over_raw", coldEngine / rawCold, "<=", 1.05);
    bench::printGoal("cache_store_100000_over_100", storeLarge / storeSmall, "<=", 2.0);
    if (!std::isnan(pyopenclHit))
        bench::printGoal("engine_warm_hit_ms_vs_pyopencl", warmHit * 1e3, "<=", pyopenclHit * 1e3);
    else
        std::printf("goal engine_warm_hit_ms_vs_pyopencl unmeasured (the PyOpenCL peer did not "
                    "run) MISSED\n");
    // Issue 20: a cache never makes a build slower than the driver alone would be.
    bench::printGoal("engine_warm_over_driver_floor", warmHit / driverFloor, "<=", 1.1);
    // A kept library unless it measures worse than the engine's own, and the same digest.
    bench::printGoal("sha256_libcrypto_over_handwritten", hashing.libcryptoOverHandwritten,
                     ">=", 1.0);
    bench::printGoal("sha256_libcrypto_same_digest", hashing.sameDigest ? 1 : 0, ">=", 1);
    std::error_code error;
    fs::remove_all(work, error);
    return 0;
}
