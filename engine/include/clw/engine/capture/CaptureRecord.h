#pragma once
// What the capture layer journalled about one run of a program (capture.jsonl in the capture's
// folder, docs/capture-journal.md): its programs with their sources and builds, its memory
// objects and samplers, its queues' devices, the launches it captured with their arguments and
// data files, and those it skipped with the reason. Values only: no OpenCL.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clw::engine {

struct CapturedFileText {
    std::string name; // as the #include spells it
    std::string text;
};

struct CapturedProgram {
    std::uint64_t id = 0;
    // "source", or what it was made from without a source: "il", "binary", "builtin", "link".
    std::string from = "source";
    std::vector<std::string> sources;      // the strings given to clCreateProgramWithSource
    std::string options;                   // the last build's or compile's
    std::vector<CapturedFileText> headers; // clCompileProgram's, and the -I folders' files read
    std::vector<std::uint64_t> linkedFrom; // "link": the programs linked
};

struct CapturedMemory {
    std::uint64_t id = 0;
    std::string kind; // "buffer", "subbuffer", "image", "pipe"
    std::uint64_t size = 0;
    std::uint64_t flags = 0;
    std::uint64_t parent = 0, origin = 0; // subbuffer
    // image: CL_MEM_OBJECT_IMAGE2D etc., the format, the pixel's bytes and the pixels read.
    std::uint32_t imageType = 0, channelOrder = 0, channelType = 0;
    std::uint64_t elementSize = 0;
    std::uint64_t region[3] = {1, 1, 1};
};

struct CapturedSampler {
    bool normalized = false;
    std::uint32_t addressing = 0, filter = 0;
};

struct CapturedLaunchArgument {
    enum class Kind { Memory, Sampler, Value, NoValue } kind = Kind::Value;
    std::uint64_t object = 0;         // Memory, Sampler
    std::vector<unsigned char> bytes; // Value
    std::uint64_t size = 0;           // NoValue: __local bytes, or a null buffer
};

struct CapturedLaunchRecord {
    std::uint64_t number = 0; // the launch's count among those of the kernels asked for
    std::uint64_t program = 0;
    std::string kernel;
    std::string device, platform;
    std::vector<std::uint64_t> global, local, offset;
    std::vector<CapturedLaunchArgument> arguments;
    // Memory object -> its data file names (without ".bin") before and after the launch; in a
    // range, "before" only where the object was first read.
    std::map<std::uint64_t, std::pair<std::string, std::string>> data;
    std::string afterProblem; // why the contents after it could not be read
};

struct SkippedLaunch {
    std::uint64_t number = 0;
    std::string kernel;
    std::string reason;
};

class CaptureRecord {
public:
    // Reads `folder`/capture.jsonl. A last line cut short (the program crashed as it was
    // written) is left out; anything else malformed throws std::runtime_error naming the line.
    static CaptureRecord read(const std::filesystem::path& folder);

    const std::filesystem::path& folder() const { return m_folder; }
    std::filesystem::path dataFile(const std::string& name) const;
    const CapturedProgram* program(std::uint64_t id) const;
    const CapturedMemory* memory(std::uint64_t id) const;
    const CapturedSampler* sampler(std::uint64_t id) const;
    const std::vector<CapturedLaunchRecord>& launches() const { return m_launches; }
    const std::vector<SkippedLaunch>& skipped() const { return m_skipped; }
    // Every kernel name a kernel was made for, and the queues' devices by queue number.
    const std::vector<std::string>& kernelNames() const { return m_kernelNames; }
    const std::map<std::uint64_t, std::string>& queueDevices() const { return m_queueDevices; }
    // Whether the layer saw the program end normally (exit), and was loaded at all.
    bool ended() const { return m_ended; }
    bool started() const { return m_started; }

private:
    void add(const nlohmann::json& line);

    std::filesystem::path m_folder;
    std::map<std::uint64_t, CapturedProgram> m_programs;
    std::map<std::uint64_t, CapturedMemory> m_memory;
    std::map<std::uint64_t, CapturedSampler> m_samplers;
    std::vector<CapturedLaunchRecord> m_launches;
    std::vector<SkippedLaunch> m_skipped;
    std::vector<std::string> m_kernelNames;
    std::map<std::uint64_t, std::string> m_queueDevices;
    bool m_ended = false;
    bool m_started = false;
};

} // namespace clw::engine
