#include "clw/engine/inspect/ComparisonReport.h"

#include <algorithm>
#include <sstream>

namespace clw::engine {

namespace {

nlohmann::json runToJson(const ComparedRun& run, const char* role) {
    return {{"role", role},
            {"session", run.session},
            {"device", run.device},
            {"platform", run.platform},
            {"ok", run.failure.empty()},
            {"failure", run.failure}};
}

nlohmann::json optionalCount(const std::optional<std::uint64_t>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

std::string coordinatesText(const std::array<std::uint64_t, 3>& at, size_t dimensions) {
    std::string text = "(" + std::to_string(at[0]);
    for (size_t i = 1; i < std::max<size_t>(dimensions, 1) && i < 3; ++i)
        text += ", " + std::to_string(at[i]);
    return text + ")";
}

std::string runLine(const char* label, const ComparedRun& run, const char* role) {
    std::string line = std::string(label) + " = " + run.session + " on " + run.device;
    if (!run.platform.empty())
        line += " (" + run.platform + ")";
    return line + role;
}

std::string histogramText(const UlpHistogram& histogram) {
    std::string text;
    for (int bucket = 0; bucket < UlpHistogram::kBuckets; ++bucket)
        if (histogram.count(bucket))
            text +=
                "  " + UlpHistogram::label(bucket) + ": " + std::to_string(histogram.count(bucket));
    if (histogram.nanAgainstNumber())
        text += "  NaN against a number: " + std::to_string(histogram.nanAgainstNumber());
    return text;
}

} // namespace

std::string ComparisonReport::number(double value) {
    std::ostringstream out;
    out.precision(6);
    out << value;
    return out.str();
}

nlohmann::json ComparisonReport::bufferToJson(const BufferComparison& buffer) {
    nlohmann::json json = {{"name", buffer.name},
                           {"status", BufferComparison::statusName(buffer.status)},
                           {"problem", buffer.problem},
                           {"elementType", buffer.elementType},
                           {"shape", buffer.shape},
                           {"tolerance", buffer.tolerance.text()},
                           {"compared", buffer.compared},
                           {"differing", buffer.differing},
                           {"floating", buffer.floating},
                           {"maxAbsError", buffer.maxAbsolute},
                           {"maxAbsErrorElement", optionalCount(buffer.maxAbsoluteElement)},
                           {"maxRelError", buffer.maxRelative},
                           {"maxUlps", optionalCount(buffer.maxUlps)}};
    if (buffer.floating) {
        nlohmann::json buckets = nlohmann::json::array();
        for (int bucket = 0; bucket < UlpHistogram::kBuckets; ++bucket)
            buckets.push_back({{"label", UlpHistogram::label(bucket)},
                               {"low", UlpHistogram::lowest(bucket)},
                               {"high", bucket == UlpHistogram::kBuckets - 1
                                            ? nlohmann::json(nullptr)
                                            : nlohmann::json(UlpHistogram::highest(bucket))},
                               {"count", buffer.ulpHistogram.count(bucket)}});
        json["ulpHistogram"] = {{"buckets", buckets},
                                {"nanAgainstNumber", buffer.ulpHistogram.nanAgainstNumber()}};
    } else {
        json["ulpHistogram"] = nullptr;
    }
    nlohmann::json first = nlohmann::json::array();
    for (const DifferingElement& element : buffer.firstDifferences)
        first.push_back({{"index", element.index},
                         {"coordinates", element.coordinates},
                         {"a", element.a},
                         {"b", element.b},
                         {"absError", element.absoluteError},
                         {"ulps", optionalCount(element.ulps)}});
    json["firstDifferences"] = first;
    nlohmann::json ranges = nlohmann::json::array();
    bool truncated = false;
    if (buffer.mismatches) {
        truncated = buffer.mismatches->truncated();
        for (const auto& [begin, end] : buffer.mismatches->ranges()) {
            if (ranges.size() == kMaxJsonRanges) {
                truncated = true;
                break;
            }
            ranges.push_back({begin, end});
        }
    }
    json["mismatchRanges"] = ranges;
    json["mismatchRangesTruncated"] = truncated;
    return json;
}

nlohmann::json ComparisonReport::toJson(const OutputComparison* comparison, const ComparedRun& a,
                                        const ComparedRun& b) {
    nlohmann::json buffers = nlohmann::json::array();
    if (comparison)
        for (const BufferComparison& buffer : comparison->buffers())
            buffers.push_back(bufferToJson(buffer));
    const bool failed = !a.failure.empty() || !b.failure.empty() || !comparison;
    return {{"format", "clworkbench-diff"},
            {"version", kVersion},
            {"runs", {{"a", runToJson(a, "tested")}, {"b", runToJson(b, "reference")}}},
            {"compared", comparison != nullptr},
            {"differs", failed || comparison->differs()},
            {"bufferCount", buffers.size()},
            {"differingBuffers", comparison ? comparison->differingBuffers() : 0},
            {"buffers", buffers}};
}

std::string ComparisonReport::verdict(const BufferComparison& buffer) {
    const std::string tolerance = buffer.tolerance.text();
    switch (buffer.status) {
    case BufferComparison::Status::Within:
        return "within " + tolerance + " (" + std::to_string(buffer.compared) + " elements)";
    case BufferComparison::Status::Differs:
        return "differs: " + std::to_string(buffer.differing) + " of " +
               std::to_string(buffer.compared) + " elements beyond " + tolerance;
    case BufferComparison::Status::Missing:
    case BufferComparison::Status::Mismatched:
        return std::string(BufferComparison::statusName(buffer.status)) + ": " + buffer.problem;
    }
    return buffer.problem;
}

std::string ComparisonReport::toText(const OutputComparison* comparison, const ComparedRun& a,
                                     const ComparedRun& b) {
    std::string text = runLine("A", a, "") + "\n" + runLine("B", b, ", the reference") + "\n";
    for (const ComparedRun* run : {&a, &b})
        if (!run->failure.empty())
            text += (run == &a ? "A failed: " : "B failed: ") + run->failure + "\n";
    if (!comparison)
        return text + "diff: nothing compared: a run failed\n";
    for (const BufferComparison& buffer : comparison->buffers()) {
        text += buffer.name + (buffer.elementType.empty() ? "" : " (" + buffer.elementType + ")") +
                ": " + verdict(buffer) + "\n";
        if (buffer.compared == 0)
            continue;
        std::string errors = "  max abs error " + number(buffer.maxAbsolute);
        if (buffer.maxAbsoluteElement)
            errors += " at [" + std::to_string(*buffer.maxAbsoluteElement) + "]";
        errors += ", max rel error " + number(buffer.maxRelative);
        if (buffer.maxUlps)
            errors += ", max " + std::to_string(*buffer.maxUlps) + " ulp";
        text += errors + "\n";
        if (buffer.floating)
            text += "  ulp:" + histogramText(buffer.ulpHistogram) + "\n";
        for (const DifferingElement& element : buffer.firstDifferences) {
            text += "  [" + std::to_string(element.index) + "] " +
                    coordinatesText(element.coordinates, buffer.shape.size()) + "  A " + element.a +
                    "  B " + element.b + "  abs " + number(element.absoluteError);
            if (element.ulps)
                text += ", " + std::to_string(*element.ulps) + " ulp";
            text += "\n";
        }
        if (buffer.differing > buffer.firstDifferences.size())
            text += "  ... and " +
                    std::to_string(buffer.differing - buffer.firstDifferences.size()) + " more\n";
    }
    const size_t differing = comparison->differingBuffers();
    const size_t count = comparison->buffers().size();
    if (differing == 0)
        text += "diff: every buffer within its tolerance (" + std::to_string(count) +
                (count == 1 ? " buffer)\n" : " buffers)\n");
    else
        text += "diff: " + std::to_string(differing) + " of " + std::to_string(count) +
                (differing == 1 ? " buffers differs\n" : " buffers differ\n");
    return text;
}

} // namespace clw::engine
