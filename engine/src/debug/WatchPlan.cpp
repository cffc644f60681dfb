#include "clw/engine/debug/WatchPlan.h"

#include <algorithm>

namespace clw::engine {

namespace {

std::size_t lineCount(const std::string& text) {
    return std::size_t(std::count(text.begin(), text.end(), '\n')) +
           (!text.empty() && text.back() != '\n' ? 1 : 0);
}

std::string fileName(const Session& session, const WatchRequest& request) {
    if (!request.file.empty())
        return request.file;
    const SourceFile* main = session.sources.main();
    return main ? main->name : std::string("the kernel");
}

} // namespace

PreparedWatch prepareWatch(const Session& session, const WatchRequest& request) {
    PreparedWatch prepared{request, {}};
    if (!parseWatchExpression(request.expression, prepared.problem))
        return prepared;
    const SourceFile* main = session.sources.main();
    const SourceFile* file = request.file.empty() ? main : session.sources.find(request.file);
    if (!file) {
        prepared.problem = request.file + " is not a file of the session: watch a line of " +
                           (main ? main->name : std::string("its kernel file"));
        return prepared;
    }
    const std::size_t lines = lineCount(file->text);
    if (request.line == 0 || request.line > lines) {
        prepared.problem = "line " + std::to_string(request.line) + " is not in " + file->name +
                           " (" + std::to_string(lines) + " lines)";
        return prepared;
    }
    prepared.request.file = file == main ? "input.cl" : file->name;
    return prepared;
}

WatchReport makeWatchReport(const Session& session, const WatchRequest& request,
                            const std::vector<WatchedRun>& runs) {
    WatchReport report;
    std::string firstProblem;
    size_t next = 0;
    for (const SessionLaunch& launch : session.launches) {
        for (size_t i = next; i < runs.size(); ++i) {
            if (runs[i].kernel != launch.kernel)
                continue;
            next = i + 1;
            if (!runs[i].passed())
                break;
            if (!runs[i].problem.empty() || runs[i].type.empty()) {
                if (firstProblem.empty())
                    firstProblem = runs[i].problem;
                break;
            }
            report.launches.push_back({launch.name.empty() ? launch.kernel : launch.name, runs[i]});
            break;
        }
    }
    if (report.launches.empty())
        report.problem = !firstProblem.empty()
                             ? firstProblem
                             : "no work-item passed line " + std::to_string(request.line) + " of " +
                                   fileName(session, request) +
                                   ": it holds no code (a comment, a blank line, a brace), or "
                                   "no work-item of the session's launches reached it";
    return report;
}

} // namespace clw::engine
