import pytest
from playwright.sync_api import Page, expect


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_home_page_renders_in_chromium(page: Page, live_server: object) -> None:
    page.goto(f"{live_server.url}/")  # type: ignore[attr-defined]
    expect(page.locator("h1")).to_have_text("Ingenious events")
