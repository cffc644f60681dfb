#pragma once
// What each sample session of resources/samples must compute, worked out on the host from the
// session's own description of its inputs (the fill rules), independently of the kernels: c = a +
// b, a matrix product, a 3x3 box blur, per-group sums, the race's counts, and what the
// out-of-bounds and uninitialized samples leave. The GUI loop test and the `clworkbench run` test
// check the outputs against it.
#include "clw/engine/inspect/ElementFill.h"
#include "clw/engine/inspect/ElementLayout.h"
#include "clw/engine/session/Session.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace clw::test {

struct ExpectedOutput {
    std::vector<double> values; // every scalar of the output, in order
    double tolerance = 0;       // absolute
    // For the race: what a racy kernel leaves depends on the device and the run; only the size
    // of `values` is known.
    bool anyValues = false;
    // Scalars that a sample's bug leaves to the device, by index: the one other value each may
    // hold, or nullopt for any value.
    std::map<size_t, std::optional<double>> otherwise;

    bool accepts(size_t index, double value) const {
        if (anyValues || std::abs(value - values.at(index)) <= tolerance)
            return true;
        const auto other = otherwise.find(index);
        return other != otherwise.end() &&
               (!other->second || std::abs(value - *other->second) <= tolerance);
    }
};

// How a device runs a work-group: PoCL and Oclgrind run its work-items one after another up to
// each barrier, a GPU runs them side by side. A sample whose bug is a missing barrier gives the
// right answer only on the first kind.
enum class GroupExecution { InTurn, SideBySide };

inline std::vector<unsigned char> filledBytes(const engine::SessionBuffer& buffer) {
    const engine::ElementLayout layout = engine::ElementLayout::parse(buffer.elementType);
    const engine::ElementFill fill(layout, buffer.init.fill);
    std::vector<unsigned char> bytes(buffer.elementCount() * layout.size());
    fill.generate(0, buffer.elementCount(), bytes.data(), layout.size());
    return bytes;
}

inline std::vector<float> filledFloats(const engine::SessionBuffer& buffer) {
    const std::vector<unsigned char> bytes = filledBytes(buffer);
    std::vector<float> values(bytes.size() / sizeof(float));
    std::memcpy(values.data(), bytes.data(), values.size() * sizeof(float));
    return values;
}

inline std::vector<std::int32_t> filledInts(const engine::SessionBuffer& buffer) {
    const std::vector<unsigned char> bytes = filledBytes(buffer);
    std::vector<std::int32_t> values(bytes.size() / sizeof(std::int32_t));
    std::memcpy(values.data(), bytes.data(), values.size() * sizeof(std::int32_t));
    return values;
}

inline const engine::SessionBuffer& bufferOf(const engine::Session& session,
                                             const std::string& name) {
    const engine::SessionBuffer* buffer = session.findBuffer(name);
    if (!buffer)
        throw std::runtime_error("the sample has no buffer " + name);
    return *buffer;
}

// The outputs of the sample `file` ("vector_add.clwb") by buffer name, on a device that runs its
// work-groups as `execution` says.
inline std::map<std::string, ExpectedOutput>
expectedOutputs(const std::string& file, const engine::Session& session, GroupExecution execution) {
    std::map<std::string, ExpectedOutput> expected;
    if (file == "vector_add.clwb") {
        const auto a = filledFloats(bufferOf(session, "a"));
        const auto b = filledFloats(bufferOf(session, "b"));
        ExpectedOutput c;
        for (size_t i = 0; i < a.size(); ++i)
            c.values.push_back(double(a[i]) + double(b[i]));
        c.tolerance = 1e-3;
        expected["c"] = c;
    } else if (file == "matmul_local.clwb") {
        const auto a = filledFloats(bufferOf(session, "A"));
        const auto b = filledFloats(bufferOf(session, "B"));
        const size_t n = bufferOf(session, "A").shape[0];
        ExpectedOutput c;
        for (size_t row = 0; row < n; ++row)
            for (size_t col = 0; col < n; ++col) {
                double sum = 0;
                for (size_t k = 0; k < n; ++k)
                    sum += double(a[row * n + k]) * double(b[k * n + col]);
                c.values.push_back(sum);
            }
        c.tolerance = 1e-3;
        expected["C"] = c;
    } else if (file == "image_blur.clwb") {
        const engine::SessionBuffer& picture = bufferOf(session, "picture");
        const std::vector<unsigned char> pixels = filledBytes(picture);
        const long width = long(picture.shape[0]);
        const long height = long(picture.shape[1]);
        ExpectedOutput blurred;
        for (long y = 0; y < height; ++y)
            for (long x = 0; x < width; ++x)
                for (int channel = 0; channel < 4; ++channel) {
                    double sum = 0;
                    for (long dy = -1; dy <= 1; ++dy)
                        for (long dx = -1; dx <= 1; ++dx) {
                            const long sx = std::clamp(x + dx, 0L, width - 1);
                            const long sy = std::clamp(y + dy, 0L, height - 1);
                            sum += pixels[size_t((sy * width + sx) * 4 + channel)] / 255.0;
                        }
                    blurred.values.push_back(sum / 9.0);
                }
        blurred.tolerance = 1e-4;
        expected["blurred"] = blurred;
    } else if (file == "reduction.clwb") {
        const auto in = filledFloats(bufferOf(session, "in"));
        const size_t groups = bufferOf(session, "partial").shape[0];
        const size_t group = in.size() / groups;
        ExpectedOutput partial;
        for (size_t g = 0; g < groups; ++g) {
            double sum = 0;
            for (size_t i = 0; i < group; ++i)
                sum += in[g * group + i];
            partial.values.push_back(sum);
        }
        partial.tolerance = 1e-3;
        expected["partial"] = partial;
    } else if (file == "printf_groups.clwb") {
        // Each element holds its work-group's number.
        const size_t count = bufferOf(session, "group_of").elementCount();
        const size_t group = session.launches.at(0).local.at(0);
        ExpectedOutput groups;
        for (size_t i = 0; i < count; ++i)
            groups.values.push_back(double(i / group));
        expected["group_of"] = groups;
    } else if (file == "race.clwb") {
        // rotate_fixed: out[i] is the next element of the work-group's slice of `in`, wrapping.
        const auto& in = bufferOf(session, "in");
        const std::vector<unsigned char> bytes = filledBytes(in);
        std::vector<std::int32_t> values(in.elementCount());
        std::memcpy(values.data(), bytes.data(), bytes.size());
        const size_t group = session.launches.at(1).local.at(0);
        ExpectedOutput fixed;
        for (size_t i = 0; i < values.size(); ++i)
            fixed.values.push_back(values[i / group * group + (i % group + 1) % group]);
        expected["fixed"] = fixed;
        ExpectedOutput racy;
        racy.values.resize(values.size());
        racy.anyValues = true;
        expected["racy"] = racy;
    } else if (file == "out_of_bounds.clwb") {
        // Both shift `in` one place right and leave out[0] at -1; the unchecked kernel's last
        // store lies past the end of its buffer.
        const std::vector<std::int32_t> in = filledInts(bufferOf(session, "in"));
        ExpectedOutput shifted;
        shifted.values.push_back(-1);
        for (size_t i = 0; i + 1 < in.size(); ++i)
            shifted.values.push_back(in[i]);
        expected["unchecked"] = shifted;
        // The unchecked kernel runs first, and its stray store of in[255] lands in whatever
        // follows `unchecked` in the device's memory: on NVIDIA's driver that is checked[0],
        // which shift_checked never writes.
        shifted.otherwise[0] = double(in.back());
        expected["checked"] = shifted;
    } else if (file == "uninitialized.clwb") {
        // sum3_halo_loaded: in[i - 1] + in[i] + in[i + 1], 0 past the ends. The other adds
        // whatever the halo held at each group's edges.
        const std::vector<std::int32_t> in = filledInts(bufferOf(session, "in"));
        ExpectedOutput loaded;
        for (size_t i = 0; i < in.size(); ++i)
            loaded.values.push_back(double(i > 0 ? in[i - 1] : 0) + in[i] +
                                    (i + 1 < in.size() ? in[i + 1] : 0));
        expected["loaded"] = loaded;
        ExpectedOutput missing;
        missing.values.resize(in.size());
        missing.anyValues = true;
        expected["missing"] = missing;
    } else if (file == "ulp_drift.clwb") {
        // exp(-x/2) sin(4x) / (1 + x^2/4), within the few ULPs each device may differ by.
        const auto t = filledFloats(bufferOf(session, "t"));
        ExpectedOutput y;
        for (float x : t)
            y.values.push_back(std::exp(-0.5 * x) * std::sin(4.0 * x) / (1.0 + 0.25 * x * x));
        y.tolerance = 1e-5;
        expected["y"] = y;
    } else if (file == "missing_barrier.clwb") {
        // What the kernel means (and what PoCL, which hides its missing barrier, gives): 0 at
        // each group's first work-item, else the difference of neighbours, 1.
        const auto in = filledFloats(bufferOf(session, "in"));
        const size_t group = session.launches.at(0).local.at(0);
        ExpectedOutput out;
        for (size_t i = 0; i < in.size(); ++i) {
            out.values.push_back(i % group == 0 ? 0.0 : double(in[i]) - double(in[i - 1]));
            // Side by side, a work-item may read its neighbour's element of tile[] before it is
            // written (on NVIDIA, at the first work-item of each warp): only each group's first
            // work-item, which reads its own, is sure.
            if (execution == GroupExecution::SideBySide && i % group != 0)
                out.otherwise[i] = std::nullopt;
        }
        expected["out"] = out;
    } else {
        throw std::runtime_error("no expectation for the sample " + file);
    }
    return expected;
}

} // namespace clw::test
