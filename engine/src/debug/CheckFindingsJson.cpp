#include "clw/engine/debug/CheckFindingsJson.h"

#include "JsonLines.h"

namespace clw::engine {

namespace {

using nlohmann::json;

[[noreturn]] void refuse(const std::string& what) {
    throw CheckFindingsError("check findings: " + what);
}

const json& member(const json& object, const char* key) {
    const auto it = object.find(key);
    if (it == object.end())
        refuse(std::string("no \"") + key + "\"");
    return *it;
}

std::string text(const json& object, const char* key) {
    const json& value = member(object, key);
    if (!value.is_string())
        refuse(std::string("\"") + key + "\" is not a string");
    return value.get<std::string>();
}

std::uint64_t count(const json& value, const char* key) {
    if (!value.is_number_unsigned() &&
        !(value.is_number_integer() && value.get<std::int64_t>() >= 0))
        refuse(std::string("\"") + key + "\" holds something other than a count");
    return value.get<std::uint64_t>();
}

std::uint64_t count(const json& object, const char* key, std::uint64_t fallback) {
    const auto it = object.find(key);
    return it == object.end() ? fallback : count(*it, key);
}

std::vector<std::uint64_t> counts(const json& object, const char* key) {
    std::vector<std::uint64_t> out;
    const auto it = object.find(key);
    if (it == object.end())
        return out;
    if (!it->is_array())
        refuse(std::string("\"") + key + "\" is not a list");
    for (const json& value : *it)
        out.push_back(count(value, key));
    return out;
}

std::vector<CheckIds> idList(const json& object, const char* key) {
    std::vector<CheckIds> out;
    const auto it = object.find(key);
    if (it == object.end())
        return out;
    if (!it->is_array())
        refuse(std::string("\"") + key + "\" is not a list");
    for (const json& ids : *it) {
        if (!ids.is_array() || ids.size() != 3)
            refuse(std::string("an entry of \"") + key + "\" is not three ids");
        out.push_back({count(ids[0], key), count(ids[1], key), count(ids[2], key)});
    }
    return out;
}

json placeToJson(const CheckPlace& place) {
    return {{"file", place.file}, {"line", place.line}, {"column", place.column}};
}

CheckPlace placeFromJson(const json& object, const char* key) {
    const auto it = object.find(key);
    if (it == object.end())
        return {};
    if (!it->is_object())
        refuse(std::string("\"") + key + "\" is not an object");
    CheckPlace place;
    place.file = text(*it, "file");
    const std::uint64_t line = count(member(*it, "line"), "line");
    const std::uint64_t column = count(member(*it, "column"), "column");
    if (line > 0xffffffffu || column > 0xffffffffu)
        refuse("a line or column past 2^32");
    place.line = unsigned(line);
    place.column = unsigned(column);
    return place;
}

} // namespace

json checkFindingToJson(const CheckFinding& finding) {
    json value = {
        {"kind", checkKindName(finding.kind)},
        {"memory", checkMemoryName(finding.memory)},
        {"kernel", finding.kernel},
        {"argument", finding.argument},
        {"variable", finding.variable},
        {"buffer", finding.buffer},
        {"place", placeToJson(finding.place)},
        {"workItems", finding.workItems},
        {"workGroups", finding.workGroups},
        {"byteOffsets", finding.byteOffsets},
        {"workItemCount", finding.workItemCount},
        {"occurrences", finding.occurrences},
        {"detail", finding.detail},
    };
    if (finding.other.line != 0)
        value["other"] = placeToJson(finding.other);
    return value;
}

CheckFinding checkFindingFromJson(const json& value) {
    if (!value.is_object())
        refuse("a finding is not an object");
    CheckFinding finding;
    const auto kind = checkKindNamed(text(value, "kind"));
    if (!kind)
        refuse("unknown kind \"" + text(value, "kind") + "\"");
    finding.kind = *kind;
    const auto memory = checkMemoryNamed(value.contains("memory") ? text(value, "memory") : "");
    if (!memory)
        refuse("unknown memory \"" + text(value, "memory") + "\"");
    finding.memory = *memory;
    finding.kernel = text(value, "kernel");
    if (const auto it = value.find("argument"); it != value.end()) {
        if (!it->is_number_integer() || it->get<std::int64_t>() < -1 ||
            it->get<std::int64_t>() > 0xffff)
            refuse("\"argument\" is not an argument index");
        finding.argument = it->get<int>();
    }
    finding.variable = value.contains("variable") ? text(value, "variable") : "";
    finding.buffer = value.contains("buffer") ? text(value, "buffer") : "";
    finding.place = placeFromJson(value, "place");
    finding.other = placeFromJson(value, "other");
    finding.workItems = idList(value, "workItems");
    finding.workGroups = idList(value, "workGroups");
    finding.byteOffsets = counts(value, "byteOffsets");
    finding.workItemCount = count(value, "workItemCount", finding.workItems.size());
    finding.occurrences = count(value, "occurrences", finding.workItemCount);
    finding.detail = value.contains("detail") ? text(value, "detail") : "";
    return finding;
}

json checkedRunToJson(const CheckedKernelRun& run) {
    json findings = json::array();
    for (const CheckFinding& finding : run.findings)
        findings.push_back(checkFindingToJson(finding));
    return {{"kernel", run.kernel},
            {"global", run.global},
            {"local", run.local},
            {"workGroups", run.workGroups},
            {"findings", std::move(findings)}};
}

CheckedKernelRun checkedRunFromJson(const json& value) {
    if (!value.is_object())
        refuse("a kernel run is not an object");
    CheckedKernelRun run;
    run.kernel = text(value, "kernel");
    run.global = counts(value, "global");
    run.local = counts(value, "local");
    run.workGroups = count(value, "workGroups", 0);
    const json& findings = member(value, "findings");
    if (!findings.is_array())
        refuse("\"findings\" is not a list");
    for (const json& finding : findings)
        run.findings.push_back(checkFindingFromJson(finding));
    return run;
}

std::vector<CheckedKernelRun> parseCheckedRuns(const std::string& text) {
    std::vector<CheckedKernelRun> runs;
    forEachJsonLine(text, [&runs](const std::string& line, int number) {
        try {
            runs.push_back(checkedRunFromJson(json::parse(line)));
        } catch (const json::exception& error) {
            throw CheckFindingsError("check findings, line " + std::to_string(number) + ": " +
                                     error.what());
        } catch (const CheckFindingsError& error) {
            throw CheckFindingsError("line " + std::to_string(number) + ": " + error.what());
        }
    });
    return runs;
}

} // namespace clw::engine
