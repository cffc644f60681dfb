#include "clw/engine/debug/WatchResult.h"

#include "JsonLines.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace clw::engine {

std::uint64_t WatchedRun::workItems() const {
    std::uint64_t count = 1;
    for (std::uint64_t size : global)
        count *= size;
    return count;
}

bool WatchedRun::passed() const {
    for (std::uint32_t count : passes)
        if (count)
            return true;
    return false;
}

nlohmann::json watchedRunToJson(const WatchedRun& run) {
    nlohmann::json values = nlohmann::json::array();
    for (double value : run.values)
        values.push_back(std::isnan(value) ? nlohmann::json() : nlohmann::json(value));
    return {{"kernel", run.kernel}, {"global", run.global},         {"local", run.local},
            {"type", run.type},     {"components", run.components}, {"values", values},
            {"passes", run.passes}, {"problem", run.problem}};
}

WatchedRun watchedRunFromJson(const nlohmann::json& value) {
    try {
        WatchedRun run;
        run.kernel = value.at("kernel").get<std::string>();
        run.global = value.at("global").get<std::vector<std::uint64_t>>();
        run.local = value.at("local").get<std::vector<std::uint64_t>>();
        run.type = value.at("type").get<std::string>();
        run.components = value.at("components").get<unsigned>();
        run.passes = value.at("passes").get<std::vector<std::uint32_t>>();
        run.problem = value.value("problem", std::string());
        for (const nlohmann::json& number : value.at("values"))
            run.values.push_back(number.is_null() ? std::numeric_limits<double>::quiet_NaN()
                                                  : number.get<double>());
        if (run.components == 0 || run.components > 16 || run.global.empty() ||
            run.global.size() > 3 || run.passes.size() != run.workItems() ||
            (!run.type.empty() && run.values.size() != run.workItems() * run.components))
            throw std::runtime_error("watch results: the sizes do not agree");
        return run;
    } catch (const nlohmann::json::exception& error) {
        throw std::runtime_error(std::string("watch results: ") + error.what());
    }
}

std::vector<WatchedRun> parseWatchedRuns(const std::string& text) {
    std::vector<WatchedRun> runs;
    forEachJsonLine(text, [&runs](const std::string& line, int number) {
        try {
            runs.push_back(watchedRunFromJson(nlohmann::json::parse(line)));
        } catch (const std::exception& error) {
            throw std::runtime_error("line " + std::to_string(number) + ": " + error.what());
        }
    });
    return runs;
}

} // namespace clw::engine
