// installer.manpage: the man page (resources/linux/clworkbench.1.in, configured into the build)
// documents every verb that `clworkbench --help` lists, carries the project's version, and
// renders without a warning.
#include "ToolRun.h"

#include <QFile>
#include <QRegularExpression>
#include <QtTest>

using clw::test::findTool;
using clw::test::runTool;
using clw::test::ToolRun;

namespace {

QString manPage() {
    QFile file(QStringLiteral(CLW_MAN_PAGE));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestManPage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void documentsEveryVerbOfHelp();
    void carriesTheVersion();
    void rendersWithoutWarnings();
};

void TestManPage::documentsEveryVerbOfHelp() {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DISPLAY"));
    const ToolRun help =
        runTool(QStringLiteral(CLW_WORKBENCH_PATH), {QStringLiteral("--help")}, {}, environment);
    QVERIFY2(help.ok(), qPrintable(help.describe(QStringLiteral("clworkbench --help"))));

    // The "Verbs:" block: a verb starts a line indented by two spaces.
    const QString verbsBlock =
        help.out.section(QStringLiteral("Verbs:\n"), 1).section(QStringLiteral("\n\n"), 0, 0);
    const QRegularExpression verbLine(QStringLiteral("^  ([a-z][a-z-]*)\\b"),
                                      QRegularExpression::MultilineOption);
    QStringList verbs;
    for (auto it = verbLine.globalMatch(verbsBlock); it.hasNext();)
        verbs << it.next().captured(1);
    QVERIFY2(verbs.size() >= 4, qPrintable(help.out));

    const QString page = manPage();
    QVERIFY(!page.isEmpty());
    for (const QString& verb : verbs)
        QVERIFY2(page.contains(QStringLiteral("\n.SS ") + verb),
                 qPrintable(QStringLiteral("verb '%1' of clworkbench --help has no .SS section in "
                                           "resources/linux/clworkbench.1.in")
                                .arg(verb)));
}

void TestManPage::carriesTheVersion() {
    QVERIFY2(manPage().contains(QStringLiteral("\"clworkbench " CLW_EXPECTED_VERSION "\"")),
             qPrintable(manPage().section(QLatin1Char('\n'), 0, 6)));
}

void TestManPage::rendersWithoutWarnings() {
    const QString groff = findTool(QStringLiteral("groff"));
    QVERIFY2(!groff.isEmpty(), "groff is missing: run scripts/setup (groff-base)");
    const ToolRun run = runTool(groff, {QStringLiteral("-man"), QStringLiteral("-ww"),
                                        QStringLiteral("-z"), QStringLiteral(CLW_MAN_PAGE)});
    QVERIFY2(run.ok() && run.err.trimmed().isEmpty(),
             qPrintable(run.describe(QStringLiteral("groff -man -ww -z"))));
}

QTEST_GUILESS_MAIN(TestManPage)
#include "tst_manpage.moc"
