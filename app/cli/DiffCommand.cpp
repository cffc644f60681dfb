#include "cli/DiffCommand.h"

#include "cli/SessionArgument.h"
#include "cli/Usage.h"

#include "bridge/DifferentialRun.h"
#include "bridge/JobContext.h"

#include "clw/engine/inspect/ToleranceError.h"

#include <set>

namespace clw::app {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

const char kExample[] =
    "e.g. clworkbench diff vector_add.clwb --device pthread --device Oclgrind --tolerance 4ulp";

struct DiffOptions {
    QString file;
    QString other;
    QStringList devices;
    QStringList tolerances;
    bool json = false;
};

// Reads the command line into `options`; an empty string when it reads, else what is wrong.
QString parse(const QStringList& arguments, DiffOptions& options) {
    for (int i = 0; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        const bool valued = argument == QLatin1String("--device") ||
                            argument == QLatin1String("--tolerance") ||
                            argument == QLatin1String("--other");
        if (valued && i + 1 == arguments.size())
            return QStringLiteral("%1 needs a value; %2").arg(argument, QLatin1String(kExample));
        if (argument == QLatin1String("--device"))
            options.devices << arguments[++i];
        else if (argument == QLatin1String("--tolerance"))
            options.tolerances << arguments[++i];
        else if (argument == QLatin1String("--other") && !options.other.isEmpty())
            return QStringLiteral("--other names one session, the one run on B");
        else if (argument == QLatin1String("--other"))
            options.other = arguments[++i];
        else if (argument == QLatin1String("--json"))
            options.json = true;
        else if (argument.startsWith(QLatin1Char('-')))
            return QStringLiteral("unknown option '%1'").arg(argument);
        else if (options.file.isEmpty())
            options.file = argument;
        else
            return QStringLiteral("one session file only ('%1' is a second); --other SESSION2 "
                                  "runs a second session on B")
                .arg(argument);
    }
    if (options.file.isEmpty())
        return QStringLiteral("name a session file, %1").arg(QLatin1String(kExample));
    if (options.devices.size() != 2)
        return QStringLiteral("give exactly two devices, --device A --device B (B is the "
                              "reference), not %1; %2")
            .arg(options.devices.size())
            .arg(QLatin1String(kExample));
    return {};
}

// The buffers the tolerances name that neither session has, said as a usage error.
QString unknownBuffers(const engine::ToleranceRules& rules, const engine::Session& a,
                       const engine::Session& b) {
    QStringList unknown;
    for (const std::string& name : rules.names())
        if (!a.findBuffer(name) && !b.findBuffer(name))
            unknown << qs(name);
    if (unknown.isEmpty())
        return {};
    QStringList known;
    std::set<std::string> seen;
    for (const engine::Session* session : {&a, &b})
        for (const engine::SessionBuffer& buffer : session->buffers)
            if (seen.insert(buffer.name).second)
                known << qs(buffer.name);
    return QStringLiteral("--tolerance names no buffer of the session: %1 (its buffers: %2)")
        .arg(unknown.join(QStringLiteral(", ")), known.join(QStringLiteral(", ")));
}

engine::Session readSession(const QString& path, std::filesystem::path& folder, QTextStream& err) {
    const engine::SessionFile::ReadResult read = readSessionArgument(path, folder);
    for (const std::string& note : read.notes)
        err << "note: " << path << ": " << qs(note) << "\n";
    return read.session;
}

} // namespace

int runDiffCommand(const QStringList& arguments, QTextStream& out, QTextStream& err) {
    DiffOptions options;
    if (const QString problem = parse(arguments, options); !problem.isEmpty()) {
        err << "clworkbench diff: " << problem << "\n";
        return kExitUsage;
    }
    engine::ToleranceRules rules;
    try {
        for (const QString& tolerance : options.tolerances)
            rules.add(tolerance.toStdString());
    } catch (const engine::ToleranceError& error) {
        err << "clworkbench diff: --tolerance: " << QString::fromUtf8(error.what()) << "\n";
        return kExitUsage;
    }
    try {
        ui::DifferentialSide a, b;
        a.session = readSession(options.file, a.folder, err);
        a.label = options.file.toStdString();
        if (options.other.isEmpty()) {
            b.session = a.session;
            b.folder = a.folder;
            b.label = a.label;
        } else {
            b.session = readSession(options.other, b.folder, err);
            b.label = options.other.toStdString();
        }
        if (const QString problem = unknownBuffers(rules, a.session, b.session);
            !problem.isEmpty()) {
            err << "clworkbench diff: " << problem << "\n";
            return kExitUsage;
        }
        a.device = options.devices[0].toStdString();
        b.device = options.devices[1].toStdString();

        const ui::JobContext job(std::make_shared<ui::detail::JobState>());
        const ui::DifferentialOutcome outcome = ui::DifferentialRun::run(a, b, rules, job);
        for (const ui::DifferentialSideOutcome* side : {&outcome.a, &outcome.b})
            for (const QString& warning : side->warnings)
                err << "warning: " << (side == &outcome.a ? "A: " : "B: ") << warning << "\n";
        const engine::OutputComparison* comparison =
            outcome.comparison ? &*outcome.comparison : nullptr;
        if (options.json) {
            out << qs(engine::ComparisonReport::toJson(comparison, outcome.a.run, outcome.b.run)
                          .dump(2))
                << "\n";
        } else {
            out << qs(engine::ComparisonReport::toText(comparison, outcome.a.run, outcome.b.run));
        }
        for (const ui::DifferentialSideOutcome* side : {&outcome.a, &outcome.b})
            if (!side->run.failure.empty())
                err << "clworkbench diff: the run on " << (side == &outcome.a ? "A" : "B") << " ("
                    << qs(side->run.device) << ") failed: " << qs(side->run.failure) << "\n";
        return outcome.differs() ? kExitFailure : kExitOk;
    } catch (const std::exception& error) {
        // SessionError: a session that does not read, said with its file.
        err << "clworkbench diff: " << QString::fromUtf8(error.what()) << "\n";
        return kExitFailure;
    }
}

} // namespace clw::app
