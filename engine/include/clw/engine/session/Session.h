#pragma once
// A workbench session as a value (DESIGN.md §2 Sessions): the kernel sources and headers, the
// build options, the chosen devices, the buffers and images with their initial contents, and the
// launches with their arguments and geometry. SessionFile.h saves it as versioned JSON (.clwb)
// with its data files beside it; SessionRunner.h runs it headless. docs/session-format.md is the
// file format.
#include "clw/engine/build/SourceSet.h"
#include "clw/engine/inspect/ElementFill.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clw::engine {

// Where a buffer's or image's first contents come from.
struct SessionInit {
    enum class Kind {
        Fill, // `fill`: zeros, a constant, an index ramp, seeded random values
        File  // `file`: a .npy file, relative to the session's folder
    };
    Kind kind = Kind::Fill;
    FillSpec fill;    // Kind::Fill
    std::string file; // Kind::File: "data/a.npy"
    friend bool operator==(const SessionInit&, const SessionInit&) = default;
};

// A buffer (or an image: `image` set) of the session.
struct SessionBuffer {
    // Names an argument's buffer and the output file ("a" writes a.npy): letters, digits, '_'
    // and '-', starting with a letter or '_'.
    std::string name;
    // The element type as ElementLayout::parse reads it: "float", "float4",
    // "struct { float3 pos; uint id; }". For an image: the pixel as the inspector shows it.
    std::string elementType = "float";
    // Elements: width * height * depth of `shape` (height, depth 1 for fewer dimensions).
    // shape.size() is 1, 2 or 3; the inspector shows 2D and 3D buffers as such.
    std::vector<std::uint64_t> shape{1};
    // CL_MEM_READ_WRITE, CL_MEM_READ_ONLY or CL_MEM_WRITE_ONLY as "read_write", "read_only",
    // "write_only" in the file.
    std::string access = "read_write";
    SessionInit init;
    // Written out by `clworkbench run --out` and shown after a run (inputs can say false).
    bool output = true;
    // The contents a run should leave, as a .npy file relative to the session's folder (a
    // captured launch's buffer just after it: `clworkbench capture`); empty: none. A run says
    // whether the result equals it, under `tolerance` (ToleranceRules' text: "exact", "4ulp",
    // "rel=1e-6", "abs=0.001"; empty: bit for bit).
    std::string expected;
    std::string tolerance;

    struct Image {
        std::string type = "image2d_t";       // image1d_t, image2d_t, image3d_t
        std::string channelOrder = "CL_RGBA"; // as ImageFormat.h names them
        std::string channelType = "CL_UNORM_INT8";
        friend bool operator==(const Image&, const Image&) = default;
    };
    std::optional<Image> image; // an OpenCL image of `shape` pixels instead of a buffer

    std::uint64_t elementCount() const;
    friend bool operator==(const SessionBuffer&, const SessionBuffer&) = default;
};

// One field of a struct or union argument's value: the field's path as StructField names it
// ("pos.x", "cells[1].id") and its value as text ("1, 2, 3, 4" for a vector or an array).
struct SessionField {
    std::string path;
    std::string value;
    friend bool operator==(const SessionField&, const SessionField&) = default;
};

// One argument of a launch, matched to the kernel's parameter by position.
struct SessionArgument {
    enum class Kind {
        Buffer,  // `buffer`: a SessionBuffer's name (buffers and images)
        Scalar,  // `value`: the scalar or vector as text, "3", "0.5", "1, 2, 3, 4"
        Local,   // `localBytes`: __local memory of that many bytes
        Sampler, // `sampler`: "normalized=false addressing=clamp_to_edge filter=nearest"
        Null,    // a null __global pointer
        Struct   // `fields`: a struct or union by value, field by field; those left out are 0
    };
    Kind kind = Kind::Scalar;
    std::string buffer;
    std::string value;
    std::vector<SessionField> fields; // one for every number or list the value gives
    std::uint64_t localBytes = 0;
    std::string sampler;
    friend bool operator==(const SessionArgument&, const SessionArgument&) = default;
};

// One launch of a kernel, with the sizes as the person typed them (dimensions 1 to 3; an empty
// local size lets the driver choose; an empty offset is none).
struct SessionLaunch {
    std::string name; // shown in the launch list and the timeline; the kernel's name by default
    std::string kernel;
    std::vector<SessionArgument> arguments;
    std::vector<std::uint64_t> global{1};
    std::vector<std::uint64_t> local;
    std::vector<std::uint64_t> offset;
    int repeat = 1; // "run N times"
    friend bool operator==(const SessionLaunch&, const SessionLaunch&) = default;
};

// How long the device host may take before the workbench's watchdog ends it (DESIGN.md §2a): a
// build, and each launch (each step of a run, from one progress report to the next). In seconds,
// as the file writes them; the workbench and `clworkbench run --isolate` apply them.
struct SessionWatchdog {
    static constexpr double kDefaultLaunchSeconds = 10;
    static constexpr double kDefaultBuildSeconds = 120;
    // The longest limit a file may give: a day (a timer counts milliseconds in an int).
    static constexpr double kMaxSeconds = 86400;

    double launchSeconds = kDefaultLaunchSeconds;
    double buildSeconds = kDefaultBuildSeconds;
    friend bool operator==(const SessionWatchdog&, const SessionWatchdog&) = default;
};

struct Session {
    // The file format's version (docs/session-format.md). A file of a newer version is refused
    // with a message; older versions are migrated.
    static constexpr int kFormatVersion = 1;

    std::string title;
    std::string description;
    // The kernel sources and headers; sources.mainFile is the file that is built.
    SourceSet sources;
    std::string options; // build options, "-cl-fast-relaxed-math"
    // The chosen devices as DeviceSelection's findDevice reads them (a substring of the
    // platform or device name); empty: the default device.
    std::vector<std::string> devices;
    SessionWatchdog watchdog; // the host's limits for this session's builds and launches
    // Live mode: the workbench runs the launches again after each edit that builds (off unless a
    // file says so; only the workbench reads it).
    bool live = false;
    // Save formats the kernels with clang-format first (off unless a file says so; only the
    // workbench reads it).
    bool formatOnSave = false;
    std::vector<SessionBuffer> buffers;
    std::vector<SessionLaunch> launches;

    const SessionBuffer* findBuffer(const std::string& name) const;
    SessionBuffer* findBuffer(const std::string& name);
    friend bool operator==(const Session&, const Session&) = default;
};

} // namespace clw::engine
