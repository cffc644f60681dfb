#include "capture/CapturedTimeline.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace clw::ui {

namespace {

// The trace's microseconds as nanoseconds, from 1 ns: the Timeline takes a time of 0 for
// "not timed", and the trace's first call is at 0.
cl_ulong nanoseconds(double micros) {
    return cl_ulong(std::llround(std::max(0.0, micros) * 1000.0)) + 1;
}

// A command by the call that enqueued it: its lane and its label.
RunCommand::Kind kindOf(const QString& call, QString& label, const QString& name) {
    if (call.contains(QLatin1String("NDRange")) || call.endsWith(QLatin1String("Task"))) {
        label = name;
        return RunCommand::Kind::Kernel;
    }
    label = name.isEmpty() ? call : name;
    if (call.contains(QLatin1String("Read")) || call.contains(QLatin1String("Map")))
        return RunCommand::Kind::Download;
    if (call.contains(QLatin1String("Write")) || call.contains(QLatin1String("Unmap")))
        return RunCommand::Kind::Upload;
    return RunCommand::Kind::Fill; // fills, copies, migrations, markers
}

} // namespace

std::vector<RunRecord> CapturedTimeline::fromChromeTrace(const QByteArray& json) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (!document.isObject() || !document.object().value(QStringLiteral("traceEvents")).isArray())
        throw std::runtime_error("not a Chrome trace (trace.json): " +
                                 error.errorString().toStdString());
    struct Command {
        double start;
        RunCommand command;
        bool launch;
    };
    std::vector<Command> commands;
    for (const QJsonValue& value :
         document.object().value(QStringLiteral("traceEvents")).toArray()) {
        const QJsonObject event = value.toObject();
        if (event.value(QStringLiteral("cat")).toString() != QLatin1String("device"))
            continue;
        const QJsonObject args = event.value(QStringLiteral("args")).toObject();
        const double start = event.value(QStringLiteral("ts")).toDouble();
        Command command{start, {}, false};
        command.command.kind =
            kindOf(args.value(QStringLiteral("call")).toString(), command.command.label,
                   event.value(QStringLiteral("name")).toString());
        command.launch = command.command.kind == RunCommand::Kind::Kernel;
        command.command.times.queued =
            nanoseconds(args.value(QStringLiteral("queued_us")).toDouble());
        command.command.times.submitted =
            nanoseconds(args.value(QStringLiteral("submit_us")).toDouble());
        command.command.times.started = nanoseconds(start);
        command.command.times.ended =
            nanoseconds(start + event.value(QStringLiteral("dur")).toDouble());
        commands.push_back(std::move(command));
    }
    std::stable_sort(commands.begin(), commands.end(),
                     [](const Command& a, const Command& b) { return a.start < b.start; });
    std::vector<RunRecord> records;
    RunRecord pending; // the transfers since the last launch
    auto finish = [&](RunRecord record) {
        record.id = int(records.size()) + 1;
        record.ok = true;
        records.push_back(std::move(record));
    };
    for (Command& command : commands) {
        pending.commands.push_back(command.command);
        if (!command.launch)
            continue;
        pending.launch.kernel = command.command.label.toStdString();
        pending.kernelNs = {command.command.times.durationNs()};
        finish(std::move(pending));
        pending = RunRecord();
    }
    if (!pending.commands.empty()) {
        pending.launch.name = "after the last launch";
        finish(std::move(pending));
    }
    return records;
}

} // namespace clw::ui
