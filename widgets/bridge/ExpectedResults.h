#pragma once
// A run's outputs against the results its session expects (SessionBuffer::expected: a captured
// launch's buffers just after it, issue 62), for the window as `clworkbench run` says it: a line
// per buffer (equal, bit for bit or under its tolerance, or how many elements differ and the
// first), and each expected file's contents for the inspector to show the difference. On a
// worker: it reads the run's buffers and the files.
#include "bridge/BufferSource.h"

#include "clw/engine/inspect/BufferComparison.h"
#include "clw/engine/session/Session.h"

#include <QString>
#include <QStringList>

#include <filesystem>
#include <map>
#include <memory>

namespace clw::ui {

struct ExpectedResults {
    QStringList lines;
    bool allEqual = true;
    // Buffer name -> its expected contents, where the file read.
    std::map<QString, std::shared_ptr<BufferSource>> sources;

    // Nothing to compare (an empty result) when no buffer of `session` has an expected result.
    static ExpectedResults compare(const engine::Session& session,
                                   const std::filesystem::path& folder,
                                   const std::map<QString, std::shared_ptr<BufferSource>>& outputs);
    // "expected y: equals the captured result (4096 elements, bit for bit)", "... DIFFERS ...".
    static QString describe(const engine::BufferComparison& comparison);
};

} // namespace clw::ui
