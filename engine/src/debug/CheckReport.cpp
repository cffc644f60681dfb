#include "clw/engine/debug/CheckReport.h"

namespace clw::engine {

namespace {

bool endsWith(const std::string& text, const std::string& tail) {
    return text.size() >= tail.size() &&
           text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

// The session's name of a file the debug information names.
std::string sessionFileName(const Session& session, const std::string& file) {
    const SourceFile* main = session.sources.main();
    if (file.empty() || file == "input.cl")
        return main ? main->name : file;
    for (const SourceFile& source : session.sources.files)
        if (file == source.name || endsWith(file, "/" + source.name))
            return source.name;
    return file;
}

void nameFinding(const Session& session, const SessionLaunch& launch, CheckFinding& finding) {
    finding.place.file = sessionFileName(session, finding.place.file);
    if (finding.other.line != 0)
        finding.other.file = sessionFileName(session, finding.other.file);
    if (finding.argument >= 0 && size_t(finding.argument) < launch.arguments.size()) {
        const SessionArgument& argument = launch.arguments[size_t(finding.argument)];
        if (argument.kind == SessionArgument::Kind::Buffer)
            finding.buffer = argument.buffer;
    }
}

} // namespace

std::size_t CheckReport::findingCount() const {
    std::size_t count = 0;
    for (const CheckedLaunch& launch : launches)
        count += launch.findings.size();
    return count;
}

CheckReport makeCheckReport(const Session& session, const std::vector<CheckedKernelRun>& runs) {
    CheckReport report;
    size_t next = 0; // the first run not matched yet
    for (const SessionLaunch& launch : session.launches) {
        CheckedLaunch checked;
        checked.name = launch.name.empty() ? launch.kernel : launch.name;
        checked.kernel = launch.kernel;
        for (size_t i = next; i < runs.size(); ++i) {
            if (runs[i].kernel != launch.kernel)
                continue;
            checked.ran = true;
            checked.global = runs[i].global;
            checked.local = runs[i].local;
            checked.workGroups = runs[i].workGroups;
            checked.findings = runs[i].findings;
            for (CheckFinding& finding : checked.findings)
                nameFinding(session, launch, finding);
            next = i + 1;
            break;
        }
        report.launches.push_back(std::move(checked));
    }
    return report;
}

std::string formatCheckFinding(const CheckFinding& finding, const std::string& launch) {
    std::string text = finding.place.file.empty() ? std::string("<source>") : finding.place.file;
    if (finding.place.line != 0) {
        text += ":" + std::to_string(finding.place.line);
        if (finding.place.column != 0)
            text += ":" + std::to_string(finding.place.column);
    }
    text += ": error: " + describeFinding(finding);
    if (!launch.empty())
        text += " [" + launch + "]";
    return text;
}

nlohmann::json checkReportToJson(const CheckReport& report) {
    nlohmann::json launches = nlohmann::json::array();
    for (const CheckedLaunch& launch : report.launches) {
        nlohmann::json findings = nlohmann::json::array();
        for (const CheckFinding& finding : launch.findings) {
            nlohmann::json value = checkFindingToJson(finding);
            value["message"] = formatCheckFinding(finding, launch.name);
            findings.push_back(std::move(value));
        }
        launches.push_back({{"name", launch.name},
                            {"kernel", launch.kernel},
                            {"ran", launch.ran},
                            {"global", launch.global},
                            {"local", launch.local},
                            {"workGroups", launch.workGroups},
                            {"findings", std::move(findings)}});
    }
    return {{"findingCount", report.findingCount()}, {"launches", std::move(launches)}};
}

} // namespace clw::engine
